import { Button, Card, Col, Descriptions, Row, Space } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import type { DataOf } from '@gemqc/contract';
import { ordersApi } from '@gemqc/contract';
import { formatFen } from '../../../../lib/money';
import { fmtDateTime as fmt, OrderCodesCard, OrderDetailHeader, OrderItemsCard, OrderRecordingsCard, OrderTimelineCard, ResultBadge, type DetailKeys } from '../../components/OrderDetailParts';
import { mt } from '../../i18n';
import { ResultTag } from '../../components/ResultTag';
import { serverOffset } from '../../components/DeadlineCountdown';
import { InterceptionPanel } from '../../../interception';
import { VideoPlayerModal, type PlayableRecording } from '../../../recordings';
import { ui } from '../../../../lib/ui';
import { useOrderPortal, useSyncRetry } from '../api';
import { PlatformSyncStatus } from '../../components/PlatformSync';
import { useCt } from '../i18n';
import '../centre.css';

/** Keys of the centre namespace for the shared detail blocks. */
const DETAIL_KEYS: DetailKeys = {
  category: 'detail.category',
  declaredValue: 'detail.declaredValue',
  certificates: 'detail.certificates',
  verify: 'detail.verify',
  codeState: 'detail.codeState',
  bound: 'detail.bound',
  unbound: 'detail.unbound',
};

type Detail = DataOf<typeof ordersApi.center.detail>;
type Field = 'merchant' | 'shop' | 'platformOrderId' | 'buyer' | 'buyerPhone' | 'declaredValue' | 'buyerAddress' | 'inbound' | 'outbound' | 'sync' | 'fee' | 'startTime' | 'deadline' | 'shippedAt' | 'createdAt' | 'remark';

/** The order fields of each layout, in order (label: `detail.<field>`). */
const FIELDS: Record<'page' | 'drawer', Field[]> = {
  page: ['merchant', 'shop', 'platformOrderId', 'buyer', 'buyerPhone', 'declaredValue', 'buyerAddress', 'inbound', 'outbound', 'sync', 'fee', 'startTime', 'deadline', 'shippedAt', 'createdAt', 'remark'],
  drawer: ['merchant', 'shop', 'buyer', 'buyerPhone', 'buyerAddress', 'inbound', 'outbound', 'sync', 'declaredValue', 'fee', 'deadline', 'shippedAt'],
};
/** Fields that take a whole row. */
const WIDE: Field[] = ['buyerAddress', 'remark'];

function fieldValues(o: Detail['order'], sync: ReactNode): Record<Field, ReactNode> {
  return {
    merchant: o.merchant_name,
    shop: o.shop_name || '—',
    platformOrderId: o.platform_order_id || '—',
    buyer: o.buyer_name,
    buyerPhone: o.buyer_phone_full || o.buyer_phone,
    declaredValue: formatFen(o.declared_value),
    buyerAddress: o.buyer_address,
    inbound: o.inbound_waybill ? `${o.inbound_carrier} ${o.inbound_waybill}` : '—',
    outbound: o.outbound_waybill ? `${o.outbound_carrier} ${o.outbound_waybill}` : '—',
    sync,
    fee: formatFen(o.fee_total),
    startTime: fmt(o.start_time),
    deadline: fmt(o.ship_deadline),
    shippedAt: fmt(o.shipped_at),
    createdAt: fmt(o.created_at),
    remark: o.remark,
  };
}

interface Props {
  d: Detail;
  /** The detail query: its refresh, fetching state and answer time (for the countdown). */
  q: { isFetching: boolean; dataUpdatedAt: number; refetch: () => unknown };
  /** Before 刷新: 返回列表 on the centre's page, 入仓质检 in the warehouse's drawer. */
  nav: ReactNode;
  /** `page`: the centre's 订单详情; `drawer`: the warehouse's 订单列表 drawer (fewer fields, bordered, no card). */
  layout?: 'page' | 'drawer';
}

/** 订单详情 of the service centre and the warehouse: the order, its items and results, certificates, recordings, codes and timeline. */
export function OrderDetailView({ d, q, nav, layout = 'page' }: Props) {
  const t = useCt();
  const portal = useOrderPortal();
  const [playing, setPlaying] = useState<PlayableRecording | null>(null);
  const o = d.order;
  const drawer = layout === 'drawer';
  const retry = useSyncRetry(portal);
  const sync = <PlatformSyncStatus sync={o.platform_sync} retrying={retry.isPending} onRetry={() => retry.mutate(o.id, { onSuccess: () => void ui().message.success(mt('sync.retried')) })} />;
  const values = fieldValues(o, sync);
  const columns = drawer ? 2 : 3;

  const basic = (
    <Descriptions size="small" bordered={drawer || undefined} column={drawer ? { xs: 1, sm: 2 } : { xs: 1, sm: 2, lg: 3 }}>
      {FIELDS[layout]
        .filter((f) => f !== 'remark' || !!o.remark)
        .map((f) => (
          <Descriptions.Item key={f} label={f === 'sync' ? mt('sync.label') : t(`detail.${f}`)} span={WIDE.includes(f) ? columns : undefined}>
            {values[f]}
          </Descriptions.Item>
        ))}
    </Descriptions>
  );

  return (
    <div className="center-page">
      <OrderDetailHeader
        order={o}
        offsetMs={serverOffset(d.server_time, q.dataUpdatedAt)}
        toolbarClass="center-toolbar"
        countdownLabel={t('detail.countdown')}
        actions={
          <Space>
            {nav}
            <Button icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
              {t('common.refresh')}
            </Button>
          </Space>
        }
        interceptAlert={{ ...(drawer ? {} : { 'data-testid': 'intercept-alert' }), title: t('detail.intercepted', { reason: o.intercept_reason || '—' }) }}
      />

      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <InterceptionPanel portal={portal === 'warehouse' ? 'qualityInspection' : 'base'} order={o} />
            {drawer ? (
              basic
            ) : (
              <Card title={t('detail.basic')} size="small">
                {basic}
              </Card>
            )}
            <OrderItemsCard
              d={d}
              t={t}
              keys={DETAIL_KEYS}
              renderResult={(result) =>
                drawer ? <ResultTag result={result} /> : <ResultBadge result={result} resultText={(r) => mt(`result.${r}`, { defaultValue: r })} noResult={t('detail.noResult')} />
              }
            />
            <OrderRecordingsCard d={d} t={t} onPlay={setPlaying} />
            <OrderCodesCard d={d} t={t} keys={DETAIL_KEYS} scrollX={600} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <OrderTimelineCard events={d.events} title={t('detail.timeline')} />
        </Col>
      </Row>

      <VideoPlayerModal recording={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}
