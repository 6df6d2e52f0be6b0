import { Drawer, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { OrderDetailView, useCt } from '../../orders';
import { useWarehouseOrderDetail } from '../api';
import { useWt } from '../i18n';
import { WAREHOUSE_PATHS } from '../paths';

/** 订单详情 of the warehouse: the service centre's detail on the warehouse endpoint, in a drawer of 订单列表. */
export function OrderDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useCt();
  const wt = useWt();
  const q = useWarehouseOrderDetail(id);
  const d = q.data;

  return (
    <Drawer open={!!id} onClose={onClose} size={Math.min(1100, window.innerWidth)} title={wt('orders.detailTitle')} data-testid="order-drawer">
      {q.isPending && !!id ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : !d ? (
        <Empty description={t('detail.notFound')} />
      ) : (
        <OrderDetailView
          d={d}
          q={q}
          layout="drawer"
          nav={<Link to={`${WAREHOUSE_PATHS.inspection}?code=${encodeURIComponent(d.order.order_no)}`}>{wt('scan.title')}</Link>}
        />
      )}
    </Drawer>
  );
}
