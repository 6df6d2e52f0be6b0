import { Card, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTagsViewStore } from '../../../lib/tagsView';
import { CHECK_INFO_PATH, gateDecision, useAuthInfo } from '../../merchants';
import { OrderCreateForm } from '../components/OrderCreateForm';

const CHECK_ORDER_PATH = '/trader/order/checkOrder';

/**
 * checkOrder behind the gate of spec §4: authInfo is fetched first; a failed call or status_id -1
 * goes to checkInfo, anything else opens the order form.
 */
export default function CheckOrderPage() {
  const navigate = useNavigate();
  const q = useAuthInfo({ always: true });
  const decision = gateDecision({ isPending: q.isPending, isError: q.isError, data: q.data, fresh: q.isFetchedAfterMount });

  useEffect(() => {
    if (decision !== 'checkInfo') return;
    // checkOrder never opened: its tab (added when the URL changed) goes with it
    useTagsViewStore.getState().delView({ path: CHECK_ORDER_PATH });
    navigate(CHECK_INFO_PATH, { replace: true });
  }, [decision, navigate]);

  if (decision !== 'open' || !q.data) {
    return (
      <Card data-testid="gate-wait">
        <Skeleton active />
      </Card>
    );
  }
  return <OrderCreateForm authStatus={q.data.status_id} />;
}
