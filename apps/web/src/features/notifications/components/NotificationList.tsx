import { Button, Empty, Typography } from 'antd';
import { Link } from 'react-router';
import { DEADLINE_SOON_HOURS, type NotificationSummary, type NotificationView } from '@gemqc/contract';
import { inChina } from '../../../lib/chinaTime';
import { formatFen } from '../../../lib/money';
import type { PortalType } from '../../../lib/storage';
import { ORDER_PATHS } from '../../orders';
import { WAREHOUSE_PATHS } from '../../warehouse';
import { useMarkAllRead, useMarkRead } from '../api';
import { useNt } from '../i18n';

/** Where a notification about an order leads, per portal: the merchant's order detail, the warehouse's order list with the order open. */
const ORDER_LINK: Partial<Record<PortalType, (id: string) => string>> = {
  trader: ORDER_PATHS.detail,
  qualityInspection: WAREHOUSE_PATHS.order,
};

/** The merchant's 检测信息 page: where a review's result and a missing 退货地址 lead (not the order). */
const CHECK_INFO = '/trader/order/checkInfo';
const CHECK_INFO_KINDS: readonly NotificationView['kind'][] = ['auth_approved', 'auth_rejected', 'return_address_missing'];

/** Where a notification leads in a portal, or null. */
function linkOf(portal: PortalType | null, n: NotificationView): string | null {
  if (portal === 'trader' && CHECK_INFO_KINDS.includes(n.kind)) return CHECK_INFO;
  const order = portal ? ORDER_LINK[portal] : undefined;
  return n.order_id && order ? order(n.order_id) : null;
}

/** The manager's waiting reviews lead to the list they wait in (商户列表 filtered to 待审核, tab 服务中心入驻). */
const TODO_LINK: Record<NotificationSummary['todos'][number]['kind'], string> = {
  authorisations: '/manage/order/list?auth_status_id=0',
  centre_applications: '/manage/order/list?tab=centres',
};

function textOf(t: ReturnType<typeof useNt>, n: NotificationView): string {
  return t(`kinds.${n.kind}`, {
    order: n.order_no,
    reason: n.params.reason ?? '',
    balance: formatFen(Number(n.params.balance ?? 0)),
    deadline: n.params.deadline ? inChina(String(n.params.deadline)).format('MM-DD HH:mm') : '',
    hours: DEADLINE_SOON_HOURS,
    what: n.params.policy ? t(`inTransit.${String(n.params.policy)}`) : '',
  });
}

/** The bell's list (loaded when the bell is first opened, to keep the shell small). An event about an order links to it. */
export function NotificationList({ data, portal, onNavigate }: { data: NotificationSummary; portal: PortalType | null; onNavigate?: () => void }) {
  const t = useNt();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const todos = data.todos.filter((x) => x.count > 0);
  return (
    <div className="notification-list" style={{ width: 'min(340px, calc(100vw - 40px))', maxHeight: 420, overflow: 'auto' }}>
      {todos.map((x) => (
        <Typography.Paragraph key={x.kind} style={{ marginBottom: 8 }}>
          <Link to={TODO_LINK[x.kind]} onClick={onNavigate} data-testid="notification-todo">
            {t(`todos.${x.kind}`, { count: x.count })}
          </Link>
        </Typography.Paragraph>
      ))}
      {data.list.length === 0 && todos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.list.map((n) => {
            const to = linkOf(portal, n);
            const body = (
              <>
                <div style={{ fontWeight: n.read ? 'normal' : 600 }}>{textOf(t, n)}</div>
                <Typography.Text type="secondary">{inChina(n.created_at).format('YYYY-MM-DD HH:mm')}</Typography.Text>
              </>
            );
            return (
              <li
                key={n.id}
                data-testid="notification-item"
                style={{ padding: '6px 0', borderBottom: '1px solid rgba(0,0,0,0.06)', cursor: n.read && !to ? undefined : 'pointer', opacity: n.read ? 0.6 : 1 }}
                onClick={() => !n.read && markRead.mutate(n.id)}
              >
                {/* the whole row is the link to the order; the click also marks it read (above) */}
                {to ? (
                  <Link to={to} onClick={onNavigate} style={{ display: 'block', color: 'inherit' }}>
                    {body}
                  </Link>
                ) : (
                  body
                )}
              </li>
            );
          })}
        </ul>
      )}
      {data.unread > 0 && (
        <Button type="link" size="small" loading={markAll.isPending} onClick={() => markAll.mutate()}>
          {t('readAll')}
        </Button>
      )}
    </div>
  );
}
