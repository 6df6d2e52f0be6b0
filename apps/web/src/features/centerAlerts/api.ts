import { useQuery } from '@tanstack/react-query';
import { centerAlertsApi } from '@gemqc/contract';
import { callApi } from '../../lib/request';

/** Banners of the service-centre layout; failures stay silent (the banners just do not show). */
export function useCenterAlerts(enabled: boolean) {
  return useQuery({
    queryKey: ['centerAlerts'],
    queryFn: ({ signal }) => callApi(centerAlertsApi.alerts, { signal, silent: true }),
    enabled,
    refetchInterval: 60_000,
  });
}
