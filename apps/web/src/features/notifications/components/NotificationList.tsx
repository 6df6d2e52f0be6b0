import { Button, Empty, Typography } from 'antd';
import type { NotificationSummary, NotificationView } from '@gemqc/contract';
import { inChina } from '../../../lib/chinaTime';
import { formatFen } from '../../../lib/money';
import { useMarkAllRead, useMarkRead } from '../api';
import { useNt } from '../i18n';

function textOf(t: ReturnType<typeof useNt>, n: NotificationView): string {
  return t(`kinds.${n.kind}`, { order: n.order_no, reason: n.params.reason ?? '', balance: formatFen(Number(n.params.balance ?? 0)) });
}

/** The bell's list (loaded when the bell is first opened, to keep the shell small). */
export function NotificationList({ data }: { data: NotificationSummary }) {
  const t = useNt();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const todos = data.todos.filter((x) => x.count > 0);
  return (
    <div className="notification-list" style={{ width: 340, maxHeight: 420, overflow: 'auto' }}>
      {todos.map((x) => (
        <Typography.Paragraph key={x.kind} type="warning" style={{ marginBottom: 8 }}>
          {t(`todos.${x.kind}`, { count: x.count })}
        </Typography.Paragraph>
      ))}
      {data.list.length === 0 && todos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.list.map((n) => (
            <li key={n.id} data-testid="notification-item" style={{ padding: '6px 0', borderBottom: '1px solid rgba(0,0,0,0.06)', cursor: n.read ? undefined : 'pointer', opacity: n.read ? 0.6 : 1 }} onClick={() => !n.read && markRead.mutate(n.id)}>
              <div style={{ fontWeight: n.read ? 'normal' : 600 }}>{textOf(t, n)}</div>
              <Typography.Text type="secondary">{inChina(n.created_at).format('YYYY-MM-DD HH:mm')}</Typography.Text>
            </li>
          ))}
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
