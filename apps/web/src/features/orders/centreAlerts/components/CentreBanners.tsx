import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CenterAlerts } from '@gemqc/contract';
import { useCentreAlerts } from '../api';
import { remainingParts } from '../../../../lib/countdown';
import { CENTRE_PATHS } from '../../centre/paths';
import { InterceptionBanners } from '../../../interception';
import { useIsPhone } from '../../../../components/ResponsiveTable';

/** Intercepted orders listed before 展开 (the banners sit above every page: they stay short). */
const INTERCEPTED_SHOWN = 3;

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
  const left = data.nearest_deadline ? remainingParts(remainingMs(data.nearest_deadline, data.server_time, receivedAt, now)) : null;
  const overdue = data.overdue_count > 0 || (left?.overdue ?? false);
  return (
    <>
      {left && !left.overdue && (
        <Alert
          className="centre-banner"
          type="info"
          showIcon
          title={
            data.nearest_order_no ? (
              <Trans
                i18nKey="banner.countdown"
                values={{ order: data.nearest_order_no, time: left.text }}
                components={{ order: <Link to={CENTRE_PATHS.listWith({ order_no: data.nearest_order_no })} /> }}
              />
            ) : (
              t('banner.countdownNoOrder', { time: left.text })
            )
          }
        />
      )}
      {overdue && (
        <Alert
          className="centre-banner"
          type="error"
          showIcon
          title={
            <span className="center-banner__line">
              <strong>{t('banner.overdue')}</strong>
              {data.overdue_count > 0 && <span>{t('banner.overdueCount', { n: data.overdue_count, count: data.overdue_count })}</span>}
              {data.overdue_count > 0 && <Link to={CENTRE_PATHS.listWith({ overdue: '1' })}>{t('banner.showOverdue')}</Link>}
            </span>
          }
        />
      )}
    </>
  );
}

export function InterceptedBanner({ data }: { data: CenterAlerts }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (!data.intercepted.length) return null;
  const shown = all ? data.intercepted : data.intercepted.slice(0, INTERCEPTED_SHOWN);
  const more = data.intercepted.length - shown.length;
  return (
    <Alert
      className="centre-banner"
      type="warning"
      showIcon
      title={
        <ul className="center-banner__list">
          {shown.map((o) => (
            <li key={o.id}>
              <Trans i18nKey="banner.intercepted" values={{ order: o.order_no, reason: o.reason, merchant: o.merchant_name, contact: o.merchant_contact, mobile: o.merchant_mobile }} components={{ order: <Link to={CENTRE_PATHS.detail(o.id)} /> }} />
            </li>
          ))}
        </ul>
      }
      action={
        more > 0 || all ? (
          <Button size="small" type="link" onClick={() => setAll(!all)}>
            {all ? t('banner.collapse') : t('banner.more', { n: more })}
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * Phones: the banners as one line (nearest deadline, overdue, intercepted and interception
 * notices counted), the most urgent colour; 展开 shows them in full.
 */
export function PhoneBannerLine({ data, receivedAt, onExpand }: { data: CenterAlerts; receivedAt: number; onExpand: () => void }) {
  const { t } = useTranslation();
  const now = useNow(!!data.nearest_deadline);
  const left = data.nearest_deadline ? remainingParts(remainingMs(data.nearest_deadline, data.server_time, receivedAt, now)) : null;
  const intercepted = data.intercepted.length + (data.intercept_requests?.length ?? 0);
  const notices = data.refund_notices?.length ?? 0;
  const parts = [
    left && !left.overdue ? t('banner.phoneCountdown', { time: left.text }) : null,
    data.overdue_count > 0 ? t('banner.phoneOverdue', { n: data.overdue_count }) : null,
    intercepted > 0 ? t('banner.phoneIntercepted', { n: intercepted }) : null,
    notices > 0 ? t('banner.phoneNotices', { n: notices }) : null,
  ].filter(Boolean);
  if (!parts.length) return null;
  const type = data.overdue_count > 0 || left?.overdue ? 'error' : intercepted > 0 ? 'warning' : 'info';
  return (
    <Alert
      className="centre-banner centre-banner--line"
      type={type}
      showIcon
      data-testid="centre-banner-line"
      title={<span className="centre-banner__one-line">{parts.join(' · ')}</span>}
      action={
        <Button size="small" type="link" onClick={onExpand}>
          {t('banner.expand')}
        </Button>
      }
    />
  );
}

/** Both banners of the service-centre layout; nothing while loading or failing. On phones: one line until 展开. */
export function CentreBanners() {
  const q = useCentreAlerts(true);
  const phone = useIsPhone();
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  if (!q.data || q.isError) return null;
  const receivedAt = q.dataUpdatedAt;
  if (phone && !expanded) {
    return (
      <div className="centre-banners">
        <PhoneBannerLine data={q.data} receivedAt={receivedAt} onExpand={() => setExpanded(true)} />
      </div>
    );
  }
  return (
    <div className="centre-banners">
      <DeadlineBanner data={q.data} receivedAt={receivedAt} />
      <InterceptedBanner data={q.data} />
      <InterceptionBanners data={q.data} detailPath={CENTRE_PATHS.detail} />
      {phone && (
        <Button size="small" type="link" className="centre-banners__collapse" onClick={() => setExpanded(false)}>
          {t('banner.collapse')}
        </Button>
      )}
    </div>
  );
}
