import { useState } from 'react';
import { lazyRetry } from '../../../lib/lazyRetry';
import { LazyPart } from '../../../components/LazyPart';
import { Spin } from 'antd';
import type { PortalType } from '../../../lib/storage';
import { useNotifications } from '../api';
import { Bell } from './Bell';

const NotificationList = lazyRetry(() => import('./NotificationList').then((m) => ({ default: m.NotificationList })));
/** The service centre's bell reads the banners' query (loaded for service-centre users only, as the banners). */
const CentreBell = lazyRetry(() => import('./CentreBell').then((m) => ({ default: m.CentreBell })));

/**
 * The header bell of every portal. Merchant and warehouse: stored events (read / unread) plus
 * waiting work, live; manager: waiting work. Service centre: what its banners say, from the same
 * query, so the two always agree.
 */
export function NotificationBell({ portal }: { portal: PortalType | null }) {
  if (portal === 'base') {
    return (
      <LazyPart fallback={<Bell count={0} content={<Spin size="small" />} />}>
        <CentreBell />
      </LazyPart>
    );
  }
  return <EventBell portal={portal} />;
}

function EventBell({ portal }: { portal: PortalType | null }) {
  const { data } = useNotifications();
  const [open, setOpen] = useState(false);
  const count = (data?.unread ?? 0) + (data?.todos.reduce((s, x) => s + x.count, 0) ?? 0);
  return (
    <Bell
      count={count}
      open={open}
      onOpenChange={setOpen}
      content={
        data ? (
          <LazyPart fallback={<Spin size="small" />}>
            <NotificationList data={data} portal={portal} onNavigate={() => setOpen(false)} />
          </LazyPart>
        ) : (
          <Spin size="small" />
        )
      }
    />
  );
}
