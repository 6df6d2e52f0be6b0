import { Card, Input, Result } from 'antd';
import { useWrite } from '../../../lib/useWrite';
import { useNavigate } from 'react-router';
import { ordersApi } from '@gemqc/contract';
import { callApi, showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { useMt } from '../i18n';

/** Opened from the menu without an order: scan or type an order number to open it. */
export function OrderLookup({ to, notFound }: { to: (id: string) => string; notFound?: boolean }) {
  const t = useMt();
  const navigate = useNavigate();
  const find = useWrite({
    mutationFn: async (no: string) => (await callApi(ordersApi.merchant.list, { query: { order_no: no, page: 1, page_size: 1 } })).list[0] ?? null,
  });
  return (
    <Card>
      <Result
        status={notFound ? '404' : 'info'}
        title={notFound ? t('detail.notFound') : t('detail.lookupTitle')}
        extra={
          <Input.Search
            style={{ maxWidth: 360 }}
            placeholder={t('orders.scanHint')}
            enterButton={t('common.search')}
            autoFocus
            allowClear
            loading={find.isPending}
            onSearch={(v) => {
              const no = v.trim();
              if (!no) return;
              find.mutate(no, {
                onSuccess: (o) => (o ? navigate(to(o.id)) : ui().message.warning(t('detail.notFound'))),
                onError: showErrorOnce,
              });
            }}
          />
        }
      />
    </Card>
  );
}
