import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CenterAlerts } from '@gemqc/contract';
import { useCenterAlerts } from '../api';
import { countdown } from '../../../lib/time';

/** Remaining time to `deadline`, by the server clock (offset measured when the data arrived). */
export function remainingMs(deadline: string, serverTime: string, receivedAt: number, now: number): number {
  const offset = new Date(serverTime).getTime() - receivedAt;
  return new Date(deadline).getTime() - (now + offset);
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active]);
  return now;
}

/** Countdown to the nearest ship deadline (1 s tick) and the 发货超时 warning. */
export function DeadlineBanner({ data, receivedAt }: { data: CenterAlerts; receivedAt: number }) {
  const { t } = useTranslation();
  const now = useNow(!!data.nearest_deadline);
  const left = data.nearest_deadline ? countdown(remainingMs(data.nearest_deadline, data.server_time, receivedAt, now)) : null;
  const overdue = data.overdue_count > 0 || (left?.overdue ?? false);
  return (
    <>
      {left && !left.overdue && (
        <Alert
          className="center-banner"
          type="info"
          showIcon
          title={
            data.nearest_order_no
              ? t('banner.countdown', { order: data.nearest_order_no, time: left.text })
              : t('banner.countdownNoOrder', { time: left.text })
          }
        />
      )}
      {overdue && (
        <Alert
          className="center-banner"
          type="error"
          showIcon
          title={t('banner.overdue')}
          description={data.overdue_count > 0 ? t('banner.overdueCount', { n: data.overdue_count }) : undefined}
        />
      )}
    </>
  );
}

export function InterceptedBanner({ data }: { data: CenterAlerts }) {
  const { t } = useTranslation();
  if (!data.intercepted.length) return null;
  return (
    <Alert
      className="center-banner"
      type="warning"
      showIcon
      title={
        <ul className="center-banner__list">
          {data.intercepted.map((o) => (
            <li key={o.id}>{t('banner.intercepted', { order: o.order_no, reason: o.reason })}</li>
          ))}
        </ul>
      }
    />
  );
}

/** Both banners of the service-centre layout; nothing while loading or failing. */
export function CenterBanners() {
  const q = useCenterAlerts(true);
  if (!q.data || q.isError) return null;
  const receivedAt = q.dataUpdatedAt;
  return (
    <div className="center-banners">
      <DeadlineBanner data={q.data} receivedAt={receivedAt} />
      <InterceptedBanner data={q.data} />
    </div>
  );
}
