import { Alert, Button, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { AuditOutlined, EditOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useCallback, useState } from 'react';
import type { IntakeScanData } from '@gemqc/contract';
import { OrderDetailHeader, ResultTag, fmtDateTime, serverOffset } from '../../orders';
import { InterceptedScanAlarm } from '../../interception';
import { useHasPermission } from '../../../session/permissions';
import { AMENDABLE, BINDABLE, INSPECTABLE, RECORDABLE, RETURNABLE, UNBINDABLE, canShip } from '../actions';
import { labelledItems, toLabelRow } from '../certificateLabel';
import { useWt } from '../i18n';
import { CodeBindBox, CodeRecords } from './CodeBind';
import { InspectionForm, type SavedResult } from './InspectionForm';
import { RecordingUpload } from './RecordingUpload';
import { ReturnForm, ShipForm } from './ShipReturn';
import { useCertificatePrinter } from './useCertificatePrinter';

type Item = IntakeScanData['items'][number];

/** States before intake: why such an order cannot be received is worth saying (later states show their tag). */
const PRE_INTAKE = new Set(['created', 'awaiting_arrival', 'cancelled']);

interface Props {
  d: IntakeScanData;
  receivedAt: number;
  refreshing: boolean;
  onRefresh: () => void;
  /** 确认入仓 (the page receives: a second scan of the order does the same). */
  onReceive: () => void;
  receiving: boolean;
  /** 绑码后自动打印: a bound item's certificate label prints at once. */
  autoPrint: boolean;
  /** After an action: the scan box takes focus again. */
  onDone: () => void;
}

/**
 * The scanned order at the inspector's bench: what its state allows, one block per step. The
 * focus follows a scanner's work: a passed result → that item's 绑码 box, a bind → the next
 * item's 绑码 box, the last bind (and every other action) → the order scan box.
 */
export function OrderWorkbench({ d, receivedAt, refreshing, onRefresh, onReceive, receiving, autoPrint, onDone }: Props) {
  const t = useWt();
  const o = d.order;
  const labels = useCertificatePrinter();
  // the item whose 绑码 box takes the next scan (it appears once the order has reloaded)
  const [bindFocus, setBindFocus] = useState<string | null>(null);
  const bindFocused = useCallback(() => setBindFocus(null), []);
  const may = {
    intake: useHasPermission('warehouse.intake'),
    inspect: useHasPermission('warehouse.inspection.submit'),
    amend: useHasPermission('warehouse.result.amend'),
    bind: useHasPermission('warehouse.code.bind'),
    record: useHasPermission('warehouse.recording.upload'),
    ship: useHasPermission('warehouse.ship'),
  };
  const inspectionOf = new Map(d.inspections.map((i) => [i.item_id, i]));
  const offset = serverOffset(d.server_time, receivedAt);

  const labelled = labelledItems(d);
  const printLabels = (items: Item[], tagCode?: string) => void labels.print(items.map((it) => toLabelRow(d, it, { tagCode })));

  const onSaved = (it: Item, saved: SavedResult) => {
    if (saved.result === 'pass' && may.bind && BINDABLE.has(saved.orderStatus) && !it.bound_code) setBindFocus(it.id);
    else onDone();
  };
  const onBound = (it: Item, code: string) => {
    if (autoPrint) printLabels([it], code);
    const next = d.items.find((x) => x.id !== it.id && x.result === 'pass' && !x.bound_code);
    if (next && BINDABLE.has(o.status)) setBindFocus(next.id);
    else onDone();
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="workbench-order">
      <InterceptedScanAlarm orderNo={o.order_no} status={o.status} reason={o.intercept_reason} scanStamp={receivedAt} />
      <OrderDetailHeader
        order={o}
        offsetMs={offset}
        toolbarClass="center-toolbar"
        countdownLabel={t('order.countdown')}
        interceptAlert={{ title: t('order.intercepted', { reason: o.intercept_reason || '—' }), 'data-testid': 'intercept-alert' }}
        actions={
          <Space>
            {d.can_receive && may.intake && (
              <>
                <Typography.Text type="secondary" className="small">
                  {t('receive.scanAgain')}
                </Typography.Text>
                <Button type="primary" size="large" loading={receiving} onClick={onReceive} data-testid="receive">
                  {t('receive.button')}
                </Button>
              </>
            )}
            <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
              {t('common.refresh')}
            </Button>
          </Space>
        }
      />
      {!d.can_receive && d.refusal && PRE_INTAKE.has(o.status) && <Alert type="warning" showIcon title={t('order.refusal', { reason: d.refusal })} />}
      {d.refund_notice && (
        <Alert type={o.status === 'intercepted' ? 'error' : 'info'} showIcon title={t('order.refundNotice')} description={d.refund_notice} data-testid="refund-notice" />
      )}

      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('order.merchant')}>{o.merchant_name}</Descriptions.Item>
          <Descriptions.Item label={t('order.shop')}>{o.shop_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('order.platformOrderId')}>{o.platform_order_id || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('order.inbound')}>{o.inbound_waybill ? `${o.inbound_carrier} ${o.inbound_waybill}` : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('order.outbound')}>{o.outbound_waybill ? `${o.outbound_carrier} ${o.outbound_waybill}` : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('order.deadline')}>{fmtDateTime(o.ship_deadline)}</Descriptions.Item>
          <Descriptions.Item label={t('order.buyer')}>{`${o.buyer_name} ${o.buyer_phone_full || o.buyer_phone}`}</Descriptions.Item>
          <Descriptions.Item label={t('order.buyerAddress')} span={2}>
            {o.buyer_address}
          </Descriptions.Item>
          {o.remark && (
            <Descriptions.Item label={t('order.remark')} span={3}>
              {o.remark}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>

      <Row gutter={[12, 12]}>
        {d.items.map((it) => (
          <Col xs={24} key={it.id}>
            <ItemCard
              item={it}
              status={o.status}
              inspection={inspectionOf.get(it.id)}
              mayInspect={may.inspect}
              mayAmend={may.amend}
              mayBind={may.bind}
              onSaved={(saved) => onSaved(it, saved)}
              onBound={(code) => onBound(it, code)}
              focusBind={bindFocus === it.id}
              onBindFocused={bindFocused}
              onPrint={() => printLabels([it])}
              printing={labels.busy}
            />
          </Col>
        ))}
      </Row>

      <Card
        size="small"
        title={t('code.records')}
        extra={
          labelled.length > 0 ? (
            <Button size="small" icon={<PrinterOutlined />} loading={labels.busy} onClick={() => printLabels(labelled)} data-testid="print-labels">
              {t('label.printAll', { n: labelled.length })}
            </Button>
          ) : null
        }
      >
        <CodeRecords codes={d.codes} canUnbind={may.bind && UNBINDABLE.has(o.status)} onDone={onDone} />
      </Card>

      <Card size="small" title={t('recording.title')}>
        <RecordingUpload order={o} recordings={d.recordings} canUpload={may.record && RECORDABLE.has(o.status)} onDone={onDone} />
      </Card>

      {may.ship && canShip(o.status) && (
        <Card size="small" title={t('ship.title')}>
          <ShipForm order={o} onDone={onDone} />
        </Card>
      )}
      {may.ship && RETURNABLE.has(o.status) && (
        <Card size="small" title={t('ret.title')}>
          <ReturnForm order={o} onDone={onDone} />
        </Card>
      )}
    </Space>
  );
}

function ItemCard({
  item,
  status,
  inspection,
  mayInspect,
  mayAmend,
  mayBind,
  onSaved,
  onBound,
  focusBind,
  onBindFocused,
  onPrint,
  printing,
}: {
  item: Item;
  status: string;
  inspection: IntakeScanData['inspections'][number] | undefined;
  mayInspect: boolean;
  mayAmend: boolean;
  mayBind: boolean;
  onSaved: (saved: SavedResult) => void;
  onBound: (code: string) => void;
  focusBind: boolean;
  onBindFocused: () => void;
  onPrint: () => void;
  printing: boolean;
}) {
  const t = useWt();
  const [editing, setEditing] = useState(false);
  const [amending, setAmending] = useState(false);
  const inspectable = mayInspect && INSPECTABLE.has(status);
  const showForm = inspectable && (!item.result || editing);
  const amendable = mayAmend && AMENDABLE.has(status) && !!item.result;
  const bindable = mayBind && BINDABLE.has(status) && item.result === 'pass' && !item.bound_code;

  return (
    <Card
      size="small"
      data-testid={`item-${item.id}`}
      title={
        <Space wrap>
          <span>{item.name}</span>
          <Typography.Text type="secondary">{item.category_name}</Typography.Text>
          <ResultTag result={item.result} />
        </Space>
      }
      extra={
        <Space size={8}>
          {item.result === 'pass' && item.bound_code && (
            <Button size="small" icon={<PrinterOutlined />} loading={printing} onClick={onPrint} data-testid={`print-label-${item.id}`}>
              {t('label.print')}
            </Button>
          )}
          {inspectable && item.result && !editing && (
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('inspect.edit')}
            </Button>
          )}
          {amendable && !amending && (
            <Button size="small" icon={<AuditOutlined />} onClick={() => setAmending(true)} data-testid={`amend-${item.id}`}>
              {t('inspect.amend')}
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('item.weight')}>{item.weight !== null ? `${item.weight} ${item.unit}` : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('item.conclusion')}>{inspection?.conclusion || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('item.certificateNo')}>{item.certificate_no || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('item.code')}>{item.bound_code ? <span className="mono">{item.bound_code}</span> : '—'}</Descriptions.Item>
      </Descriptions>
      {showForm && (
        <div style={{ marginTop: 8 }}>
          <Typography.Text strong>{item.result ? t('inspect.edit') : t('inspect.title')}</Typography.Text>
          <InspectionForm
            item={item}
            inspection={inspection}
            onDone={(saved) => {
              setEditing(false);
              onSaved(saved);
            }}
          />
          {editing && (
            <Button type="link" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
          )}
        </div>
      )}
      {amendable && amending && (
        <div style={{ marginTop: 8 }}>
          <Typography.Text strong>{t('inspect.amendTitle')}</Typography.Text>
          <InspectionForm
            mode="amend"
            item={item}
            inspection={inspection}
            onDone={(saved) => {
              setAmending(false);
              onSaved(saved);
            }}
          />
          <Button type="link" onClick={() => setAmending(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      )}
      {bindable && (
        <div style={{ marginTop: 8 }}>
          <CodeBindBox item={item} onBound={onBound} focusRequested={focusBind} onFocused={onBindFocused} />
        </div>
      )}
    </Card>
  );
}
