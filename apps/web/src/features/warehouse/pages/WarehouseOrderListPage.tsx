import { Button, Card, Tag } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { WarehouseOrderListQuery } from '@gemqc/contract';
import { URL_PAGE_SIZES, listPagination } from '../../../components/listPagination';
import { CenterFilterForm, fromSearchParams, OrderListCard, OrderPortalContext, toListQuery, toSearchParams, useCt, type CenterFilterValues } from '../../centerOrders';
import { useBatchDetail } from '../api';
import { OrderDetailDrawer } from '../components/OrderDetailDrawer';
import { useWt } from '../i18n';
import '../warehouse.css';

const ID = /^\d{1,18}$/;

/**
 * 订单列表: the centre's orders — the service centre's 订单查询 filters and table on the warehouse
 * endpoints, plus the intake batch (`?batch_id=`); detail in a drawer (`?order=id`).
 */
export default function WarehouseOrderListPage() {
  const t = useCt();
  const wt = useWt();
  const [sp, setSp] = useSearchParams();
  const batchId = ID.test(sp.get('batch_id') ?? '') ? sp.get('batch_id') : null;
  const openId = ID.test(sp.get('order') ?? '') ? sp.get('order') : null;
  const { query, values } = useMemo(() => {
    const r = fromSearchParams(sp);
    const q: WarehouseOrderListQuery & { page: number; page_size: number } = batchId ? { ...r.query, batch_id: batchId } : r.query;
    return { query: q, values: r.values };
  }, [sp, batchId]);
  const batch = useBatchDetail(batchId);

  const params = (q: WarehouseOrderListQuery, extra: { batch?: string | null; order?: string | null }) => {
    const out = toSearchParams(q);
    delete out.batch_id;
    if (extra.batch) out.batch_id = extra.batch;
    if (extra.order) out.order = extra.order;
    return out;
  };
  const go = (v: CenterFilterValues, page = 1, pageSize = query.page_size, b = batchId) => setSp(params(toListQuery(v, page, pageSize), { batch: b }));
  const openOrder = (id: string | null) => setSp(params(query, { batch: batchId, order: id }));

  return (
    <OrderPortalContext.Provider value="warehouse">
      <div className="wh-page center-page">
        <Card size="small">
          <CenterFilterForm values={values} onSearch={(v) => go(v)} onReset={() => go({}, 1, query.page_size, null)} className="wh-filters" testId="warehouse-order-filters" />
        </Card>
        <OrderListCard
          query={query}
          declaredValue={false}
          toolbarClass="wh-toolbar"
          orderLink={(r) => (
            <a
              className="mono"
              href={`?order=${r.id}`}
              onClick={(e) => {
                e.preventDefault();
                openOrder(r.id);
              }}
            >
              {r.order_no}
            </a>
          )}
          detailAction={(r) => (
            <Button type="link" size="small" onClick={() => openOrder(r.id)}>
              {t('common.detail')}
            </Button>
          )}
          note={() =>
            batchId && (
              <Tag closable color="blue" onClose={() => go(values, 1, query.page_size, null)} data-testid="batch-filter" closeIcon={<span aria-label={wt('orders.clearBatch')}>×</span>}>
                {wt('orders.batchFilter', { no: batch.data?.batch.batch_no ?? batchId })}
              </Tag>
            )
          }
          pagination={(total, showTotal) =>
            listPagination({ page: query.page, pageSize: query.page_size, total, pageSizeOptions: URL_PAGE_SIZES, showTotal, onChange: (page, pageSize) => go(values, page, pageSize) })
          }
        />
        <OrderDetailDrawer id={openId} onClose={() => openOrder(null)} />
      </div>
    </OrderPortalContext.Provider>
  );
}
