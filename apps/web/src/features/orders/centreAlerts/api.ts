import { useQuery } from '@tanstack/react-query';
import { ordersApi } from '@gemqc/contract';
import { callApi } from '../../../lib/request';

/** How often the service-centre banners ask for news (also when the tab is in the background). */
export const CENTRE_ALERTS_REFRESH_MS = 15_000;

/** Banners of the service-centre layout; failures stay silent (the banners just do not show). */
export function useCentreAlerts(enabled: boolean) {
  return useQuery({
    queryKey: ['centerAlerts'],
    queryFn: ({ signal }) => callApi(ordersApi.center.alerts, { signal, silent: true }),
    enabled,
    // live without a reload: a refund pushed by Doudian shows within one cycle
    refetchInterval: CENTRE_ALERTS_REFRESH_MS,
  });
}
