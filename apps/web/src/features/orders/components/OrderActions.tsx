import { Button, Popconfirm, Space } from 'antd';
import { useNavigate } from 'react-router';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { useCancelOrder } from '../api';
import { useMt } from '../i18n';
import { ORDER_PATHS, REPORT_STATUSES } from '../paths';

interface Props {
  order: { id: string; order_no: string; status: string; can_cancel: boolean; can_enter_waybill: boolean; inbound_waybill: string };
  onWaybill: () => void;
  showDetail?: boolean;
}

/** What the merchant may do with an order in its state. */
export function OrderActions({ order, onWaybill, showDetail }: Props) {
  const t = useMt();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  return (
    <Space wrap>
      {showDetail && <Button onClick={() => navigate(ORDER_PATHS.detail(order.id))}>{t('common.detail')}</Button>}
      {order.can_enter_waybill && (
        <Button type="primary" onClick={onWaybill}>
          {order.inbound_waybill ? t('orders.editWaybill') : t('orders.enterWaybill')}
        </Button>
      )}
      <Button onClick={() => navigate(ORDER_PATHS.print([order.id]))}>{t('orders.printSheet')}</Button>
      {REPORT_STATUSES.has(order.status) && <Button onClick={() => navigate(ORDER_PATHS.report(order.id))}>{t('detail.viewReport')}</Button>}
      {order.can_cancel && (
        <Popconfirm
          title={t('orders.cancelConfirm', { no: order.order_no })}
          okText={t('orders.cancelOrder')}
          okButtonProps={{ danger: true }}
          cancelText={t('orders.keepOrder')}
          onConfirm={() =>
            cancel.mutateAsync({ id: order.id }).then(
              () => void ui().message.success(t('orders.cancelled')),
              (e: unknown) => showErrorOnce(e),
            )
          }
        >
          <Button danger loading={cancel.isPending}>
            {t('orders.cancelOrder')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
