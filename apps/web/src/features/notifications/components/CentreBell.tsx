import { useState } from 'react';
import { Empty, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import type { CenterAlerts } from '@gemqc/contract';
import { inChina } from '../../../lib/chinaTime';
import { CENTRE_PATHS, useCentreAlerts } from '../../orders';
import { useNt } from '../i18n';
import { Bell } from './Bell';

/**
 * What the bell counts of the banners: overdue orders, intercepted orders, merchants' intercept
 * requests and buyer refunds on 发货优先 orders (as the phone's banner line). The nearest deadline
 * is listed, not counted: it is a countdown, not work.
 */
export function centreWorkCount(a: CenterAlerts): number {
  return a.overdue_count + a.intercepted.length + (a.intercept_requests?.length ?? 0) + (a.refund_notices?.length ?? 0);
}

/**
 * The service centre's bell: the banners' waiting work, read from the banners' own query
 * (`/center/v1/Order/alerts`, one request for both), so the bell and the banners always agree. It is
 * derived, not stored: no read state; each line leaves when its work is done and goes where the
 * banner's link goes.
 */
export function CentreBell() {
  const { data } = useCentreAlerts(true);
  const [open, setOpen] = useState(false);
  return (
    <Bell
      count={data ? centreWorkCount(data) : 0}
      open={open}
      onOpenChange={setOpen}
      content={data ? <CentreWorkList data={data} onNavigate={() => setOpen(false)} /> : <Spin size="small" />}
    />
  );
}

function CentreWorkList({ data, onNavigate }: { data: CenterAlerts; onNavigate: () => void }) {
  const t = useNt();
  const lines: { key: string; to: string; text: string; type?: 'danger' | 'warning' | 'secondary' }[] = [];
  if (data.overdue_count > 0) lines.push({ key: 'overdue', to: CENTRE_PATHS.listWith({ overdue: '1' }), text: t('centre.overdue', { n: data.overdue_count }), type: 'danger' });
  for (const o of data.intercepted) lines.push({ key: `i${o.id}`, to: CENTRE_PATHS.detail(o.id), text: t('centre.intercepted', { order: o.order_no, reason: o.reason, merchant: o.merchant_name, contact: o.merchant_contact, mobile: o.merchant_mobile }), type: 'warning' });
  for (const r of data.intercept_requests ?? [])
    lines.push({ key: `r${r.id}`, to: CENTRE_PATHS.detail(r.order_id), text: t('centre.request', { merchant: r.merchant_name, order: r.order_no, reason: r.reason }), type: 'warning' });
  for (const r of data.refund_notices ?? [])
    lines.push({ key: `f${r.order_id}-${r.received_at}`, to: CENTRE_PATHS.detail(r.order_id), text: t('centre.refund', { order: r.order_no, merchant: r.merchant_name }) });
  if (data.nearest_deadline && data.nearest_order_no)
    lines.push({
      key: 'nearest',
      to: CENTRE_PATHS.listWith({ order_no: data.nearest_order_no }),
      text: t('centre.nearest', { order: data.nearest_order_no, time: inChina(data.nearest_deadline).format('MM-DD HH:mm') }),
      type: 'secondary',
    });
  return (
    <div className="notification-list" style={{ width: 'min(340px, calc(100vw - 40px))', maxHeight: 420, overflow: 'auto' }}>
      {lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {lines.map((l) => (
            <li key={l.key} data-testid="notification-item" style={{ padding: '6px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
              <Link to={l.to} onClick={onNavigate} style={{ display: 'block' }}>
                <Typography.Text type={l.type}>{l.text}</Typography.Text>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
