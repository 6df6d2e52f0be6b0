import { Alert } from 'antd';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import type { CenterAlerts } from '@gemqc/contract';
import { INTERCEPTION_NS } from '../i18n';

/**
 * The service centre's banner lines about interception: merchants' requests waiting for a decision,
 * and buyer refunds recorded on 发货优先 orders. `detailPath` builds the link of an order.
 */
export function InterceptionBanners({ data, detailPath }: { data: CenterAlerts; detailPath: (id: string) => string }) {
  const requests = data.intercept_requests ?? [];
  const refunds = data.refund_notices ?? [];
  return (
    <>
      {requests.length > 0 && (
        <Alert
          className="centre-banner"
          type="warning"
          showIcon
          data-testid="intercept-requests-banner"
          title={
            <ul className="center-banner__list">
              {requests.map((r) => (
                <li key={r.id}>
                  <Trans ns={INTERCEPTION_NS} i18nKey="banner.requests" values={{ order: r.order_no, reason: r.reason, merchant: r.merchant_name }} components={{ order: <Link to={detailPath(r.order_id)} /> }} />
                </li>
              ))}
            </ul>
          }
        />
      )}
      {refunds.length > 0 && (
        <Alert
          className="centre-banner"
          type="info"
          showIcon
          data-testid="refund-notices-banner"
          title={
            <ul className="center-banner__list">
              {refunds.slice(0, 3).map((r) => (
                <li key={`${r.order_id}-${r.received_at}`}>
                  <Trans ns={INTERCEPTION_NS} i18nKey="banner.refund" values={{ order: r.order_no, merchant: r.merchant_name }} components={{ order: <Link to={detailPath(r.order_id)} /> }} />
                </li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );
}
