import { lazy, Suspense } from 'react';
import { Badge, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNotifications } from '../api';
import { useNt } from '../i18n';

const NotificationList = lazy(() => import('./NotificationList').then((m) => ({ default: m.NotificationList })));

/** The header bell: unread events plus waiting work, live. */
export function NotificationBell() {
  const t = useNt();
  const { data } = useNotifications();
  const count = (data?.unread ?? 0) + (data?.todos.reduce((s, x) => s + x.count, 0) ?? 0);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('title')}
      content={data ? <Suspense fallback={<Spin size="small" />}><NotificationList data={data} /></Suspense> : <Spin size="small" />}
    >
      <Badge count={count} size="small" data-testid="notification-badge">
        <BellOutlined className="navbar-icon" role="button" aria-label={t('title')} />
      </Badge>
    </Popover>
  );
}
