import { useQuery, useQueryClient } from '@tanstack/react-query';
import { platformSyncApi } from '@gemqc/contract';
import { callApi } from '../../../lib/request';
import { useWrite } from '../../../lib/useWrite';
import { ui } from '../../../lib/ui';
import { PlatformSyncStatus, useMt } from '../../orders';

const syncKey = (id: string) => ['manage', 'order', 'sync', id] as const;

/**
 * The manager's view of an order's shipment write-back (any centre): its state, the platform's
 * reason in words, and 重试 when it failed or waits for a new authorisation.
 */
export function ManagerSyncStatus({ orderId }: { orderId: string }) {
  const t = useMt();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: syncKey(orderId), queryFn: () => callApi(platformSyncApi.manage.status, { query: { id: orderId } }) });
  const retry = useWrite({
    mutationFn: (id: string) => callApi(platformSyncApi.manage.retry, { body: { id } }),
    onSuccess: (data, id) => {
      qc.setQueryData(syncKey(id), data);
      void ui().message.success(t('sync.retried'));
    },
  });
  if (!q.data) return <span>{q.isError ? '—' : '…'}</span>;
  return <PlatformSyncStatus sync={q.data} retrying={retry.isPending} onRetry={() => retry.mutate(orderId)} />;
}
