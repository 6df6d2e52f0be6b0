import { Alert, Button, Card, Descriptions, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { OrderDetail } from '@gemqc/contract';
import { formatFen } from '../../../lib/money';
import type { PlayableRecording } from '../../recordings';
import { DeadlineCountdown } from './DeadlineCountdown';
import { InspectionPhotos } from './InspectionPhotos';
import { StatusTag } from './StatusTag';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

/**
 * The blocks of an order's detail page that the merchant's 订单详情 and the service centre's
 * 订单详情 both show. Each portal has its own i18n namespace, so the blocks take that portal's `t`
 * and, where the two namespaces name a text differently, its key (`DetailKeys`).
 */

/** `t` of a portal namespace (useMt, useCt, …). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

type Item = OrderDetail['items'][number];
type Inspection = OrderDetail['inspections'][number];
type Code = OrderDetail['codes'][number];
type DetailOrder = OrderDetail['order'];

/** '2026-01-02 03:04:05', or '—' when there is no time. */
export const fmtDateTime = (v: string | null | undefined) => (v ? inChina(v).format('YYYY-MM-DD HH:mm:ss') : '—');

/** The measured fields of one item's inspection, in display order (label key, value; '' when missing). */
export function inspectionRows(ins: Inspection): [string, string][] {
  return [
    ['measured.mass', ins.mass !== null ? `${ins.mass} ${ins.mass_unit}` : ''],
    ['measured.shape', ins.shape],
    ['measured.colour', ins.colour],
    ['measured.refractive_index', ins.refractive_index],
    ['measured.density', ins.density],
    ['measured.magnification', ins.magnification],
    ['measured.purity', ins.purity],
    ['measured.remarks', ins.remarks],
    ['measured.inspector', ins.inspector_name],
  ];
}

/** The measured fields of one item's inspection and its photos (the expanded row of the items table). */
export function InspectionFieldList({ ins, t }: { ins: Inspection | undefined; t: Translate }) {
  if (!ins) return null;
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        {inspectionRows(ins)
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <Descriptions.Item key={k} label={t(k)}>
              {v}
            </Descriptions.Item>
          ))}
      </Descriptions>
      <InspectionPhotos urls={ins.photo_urls ?? []} />
    </>
  );
}

const RESULT_COLORS: Record<string, string> = { pass: 'success', fail: 'error', unable: 'warning' };

/** An item's result as a coloured tag (`resultText` names it), or `noResult` before there is one. */
export function ResultBadge({ result, resultText, noResult }: { result: string | null; resultText: (result: string) => string; noResult: string }) {
  if (!result) return <Tag>{noResult}</Tag>;
  return <Tag color={RESULT_COLORS[result] ?? 'default'}>{resultText(result)}</Tag>;
}

/** The head card: order no, status, the ship-deadline countdown, the page's buttons, and a notice below. */
export function OrderDetailHeader({
  order: o,
  offsetMs,
  toolbarClass,
  countdownLabel,
  actions,
  interceptAlert,
}: {
  order: DetailOrder;
  offsetMs: number;
  toolbarClass: string;
  countdownLabel: string;
  actions: ReactNode;
  /** Props of the alert shown while the order is intercepted (its title and any test id). */
  interceptAlert: { title: string; 'data-testid'?: string };
}) {
  return (
    <Card>
      <div className={toolbarClass} style={{ marginBottom: 0 }}>
        <Space size={12} wrap align="center">
          <Typography.Title level={4} style={{ margin: 0 }} className="mono">
            {o.order_no}
          </Typography.Title>
          <StatusTag status={o.status} />
          {o.remaining_seconds !== null && (
            <Space size={4}>
              <Typography.Text type="secondary">{countdownLabel}</Typography.Text>
              <DeadlineCountdown deadline={o.ship_deadline} active offsetMs={offsetMs} />
            </Space>
          )}
        </Space>
        {actions}
      </div>
      {o.status === 'intercepted' && <Alert style={{ marginTop: 12 }} type="error" showIcon {...interceptAlert} />}
    </Card>
  );
}

/** Keys of the texts the two portals' namespaces name differently. */
export interface DetailKeys {
  category: string;
  declaredValue: string;
  certificates: string;
  verify: string;
  codeState: string;
  bound: string;
  unbound: string;
}

/** Items with their results (inspection fields when expanded) and the order's certificates. */
export function OrderItemsCard({ d, t, keys, renderResult }: { d: OrderDetail; t: Translate; keys: DetailKeys; renderResult: (result: string | null) => ReactNode }) {
  const inspectionOf = new Map<string, Inspection>(d.inspections.map((i) => [i.item_id, i]));
  // short columns never wrap (a two-character 品类 broke into one character a line); the name
  // takes what is left; 证书编号 and 标签码 share a column (two lines), so the table fits its card
  // beside 订单进度 at 1366–1440 px (标签码 and 检测费 in view without scrolling)
  const nowrap = { onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }), onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }) };
  const itemColumns = [
    { title: t('detail.itemName'), dataIndex: 'name', key: 'name', onCell: () => ({ style: { minWidth: 120 } }) },
    { title: t(keys.category), dataIndex: 'category_name', key: 'category', ...nowrap },
    { title: t('detail.weight'), key: 'weight', ...nowrap, render: (_: unknown, r: Item) => (r.weight !== null ? `${r.weight} ${r.unit}` : '—') },
    { title: t(keys.declaredValue), key: 'value', align: 'right' as const, ...nowrap, render: (_: unknown, r: Item) => formatFen(r.declared_value) },
    { title: t('detail.result'), key: 'result', ...nowrap, render: (_: unknown, r: Item) => renderResult(r.result) },
    { title: t('detail.conclusion'), key: 'conclusion', ...nowrap, render: (_: unknown, r: Item) => inspectionOf.get(r.id)?.conclusion || '—' },
    {
      title: `${t('detail.certificateNo')} / ${t('detail.code')}`,
      key: 'cert',
      ...nowrap,
      render: (_: unknown, r: Item) => (
        <>
          <div>{r.certificate_no || '—'}</div>
          <div className="small">{r.bound_code ? <span className="mono">{r.bound_code}</span> : '—'}</div>
        </>
      ),
    },
    {
      title: t('detail.fee'),
      key: 'fee',
      align: 'right' as const,
      ...nowrap,
      render: (_: unknown, r: Item) => (r.inspection_fee === null && r.certificate_fee === null ? '—' : formatFen((r.inspection_fee ?? 0) + (r.certificate_fee ?? 0))),
    },
  ];
  return (
    <Card title={t('detail.items')} size="small">
      <ResponsiveTable<Item>
        rowKey="id"
        size="small"
        pagination={false}
        columns={itemColumns}
        dataSource={d.items}
        scroll={{ x: 'max-content' }}
        // the expand column only once an item has inspection fields to show (an empty first column before)
        expandable={
          inspectionOf.size > 0
            ? { rowExpandable: (r) => inspectionOf.has(r.id), expandedRowRender: (r) => <InspectionFieldList ins={inspectionOf.get(r.id)} t={t} /> }
            : undefined
        }
      />
      {d.certificates.length > 0 && (
        <Descriptions size="small" column={1} style={{ marginTop: 12 }} title={t(keys.certificates)}>
          {d.certificates.map((c) => (
            <Descriptions.Item key={c.id} label={c.certificate_no}>
              <Space wrap>
                <span>{c.conclusion}</span>
                <Typography.Text type="secondary">{fmtDateTime(c.issued_at)}</Typography.Text>
                <a href={c.verify_url} target="_blank" rel="noreferrer">
                  {t(keys.verify)} {c.verify_code}
                </a>
              </Space>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}

/** The order's recordings as play buttons. */
export function OrderRecordingsCard({ d, t, onPlay }: { d: OrderDetail; t: Translate; onPlay: (r: PlayableRecording) => void }) {
  return (
    <Card title={t('detail.recordings')} size="small">
      {d.recordings.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noRecordings')} />
      ) : (
        <Space wrap>
          {d.recordings.map((r) => (
            <Button key={r.id} icon={<PlayCircleOutlined />} onClick={() => onPlay(r)}>
              {t(`recordingKind.${r.kind}`, { defaultValue: r.kind_text })} · {fmtDateTime(r.uploaded_at)}
            </Button>
          ))}
        </Space>
      )}
    </Card>
  );
}

/** The codes bound to the order's items. */
export function OrderCodesCard({ d, t, keys, scrollX }: { d: OrderDetail; t: Translate; keys: DetailKeys; scrollX?: number }) {
  return (
    <Card title={t('detail.codes')} size="small">
      <ResponsiveTable<Code>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d.codes}
        locale={{ emptyText: t('detail.noCodes') }}
        scroll={scrollX ? { x: scrollX } : undefined}
        columns={[
          { title: t('detail.code'), dataIndex: 'code', render: (v: string) => <span className="mono">{v}</span> },
          { title: t('detail.itemName'), dataIndex: 'item_name' },
          { title: t('detail.boundAt'), dataIndex: 'bound_at', render: fmtDateTime },
          { title: t('detail.operator'), dataIndex: 'bound_by_name' },
          {
            title: t(keys.codeState),
            dataIndex: 'state',
            render: (v: string) => <Tag color={v === 'bound' ? 'success' : 'default'}>{t(v === 'bound' ? keys.bound : keys.unbound)}</Tag>,
          },
        ]}
      />
    </Card>
  );
}

/** The order's state changes, newest first. */
export function OrderTimelineCard({ events, title }: { events: OrderDetail['events']; title: string }) {
  return (
    <Card title={title} size="small">
      <Timeline
        items={[...events].reverse().map((e, i) => ({
          color: i === 0 ? 'blue' : 'gray',
          content: (
            <div>
              <StatusTag status={e.to_status} />
              <div className="small muted" style={{ marginTop: 4 }}>
                {fmtDateTime(e.created_at)} · {e.actor_name || e.actor_type}
              </div>
              {e.reason && <div className="small">{e.reason}</div>}
            </div>
          ),
        }))}
      />
    </Card>
  );
}
