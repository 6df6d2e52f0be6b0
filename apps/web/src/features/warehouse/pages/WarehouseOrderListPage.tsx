import { Button, Card, Tag } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlList } from '../../../components/useUrlList';
import { CentreFilterForm as CenterFilterForm, OrderListCard, OrderPortalContext, sortOf, toListQuery, toSearchParams, useCt, type CentreFilterValues as CenterFilterValues } from '../../orders';
import { useHasPermission } from '../../../session/permissions';
import { useBatchDetail } from '../api';
import { parseOrderListUrl as parse, type Values } from '../orderListQuery';
import { BatchShipButton } from '../components/BatchShip';
import { OrderDetailDrawer } from '../components/OrderDetailDrawer';
import { useWt } from '../i18n';
import '../warehouse.css';

const ID = /^\d{1,18}$/;

/** Filter values + page → the URL (the batch kept with the other filters; the open order is not a filter). */
function toParams(v: Values, page: number, pageSize: number): Record<string, string> {
  const out = toSearchParams(toListQuery(v, page, pageSize));
  if (v.batch_id) out.batch_id = v.batch_id;
  return out;
}

/**
 * 订单列表: the centre's orders — the service centre's 订单查询 filters and table on the warehouse
 * endpoints, plus the intake batch (`?batch_id=`); detail in a drawer (`?order=id`). 查询 keeps the
 * batch, 重置 (also from "nothing matches") clears it with the other filters. Ticked orders are
 * exported alone (导出所选) and, with the ship permission, those that may ship are shipped together
 * (批量发货).
 */
export default function WarehouseOrderListPage() {
  const t = useCt();
  const wt = useWt();
  const url = useUrlList(parse, toParams);
  const { query, values } = url;
  const [sp, setSp] = useSearchParams();
  const batchId = values.batch_id ?? null;
  const openId = ID.test(sp.get('order') ?? '') ? sp.get('order') : null;
  const batch = useBatchDetail(batchId);
  const mayShip = useHasPermission('warehouse.ship');
  // what the form shows (the batch is the tag over the table); kept while the URL stays, as FilterForm refills on change
  const formValues = useMemo<CenterFilterValues>(() => {
    const { batch_id: _batch, ...rest } = values;
    return rest;
  }, [values]);

  const openOrder = (id: string | null) => {
    const next = new URLSearchParams(sp);
    if (id) next.set('order', id);
    else next.delete('order');
    setSp(next);
  };

  return (
    <OrderPortalContext.Provider value="warehouse">
      <div className="wh-page center-page">
        <Card size="small">
          <CenterFilterForm
            values={formValues}
            onSearch={(v) => url.search({ ...v, ...sortOf(values), ...(batchId ? { batch_id: batchId } : {}) })}
            onReset={url.reset}
            className="wh-filters"
            testId="warehouse-order-filters"
          />
        </Card>
        <OrderListCard
          query={query}
          source={url.source}
          declaredValue={false}
          toolbarClass="wh-toolbar"
          columnsKey="warehouse.orders"
          selectionActions={mayShip ? (selected, deselect) => <BatchShipButton selected={selected} onShipped={deselect} /> : undefined}
          onSort={(sort) => url.go({ ...values, ...sort })}
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
              <Tag closable color="blue" onClose={() => url.go(formValues)} data-testid="batch-filter" closeIcon={<span aria-label={wt('orders.clearBatch')}>×</span>}>
                {wt('orders.batchFilter', { no: batch.data?.batch.batch_no ?? batchId })}
              </Tag>
            )
          }
          pagination={url.pagination}
        />
        <OrderDetailDrawer id={openId} onClose={() => openOrder(null)} />
      </div>
    </OrderPortalContext.Provider>
  );
}
