import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { installDomShims, renderAt, stubApi } from '../../../../test/utils';
import { orderRow, scanData } from '../../../../test/warehouseFixtures';
import { OrderPortalContext, useCentreOrderDetail } from '../api';
import { CentreFilterForm } from './CentreFilterForm';
import { OrderDetailView } from './OrderDetailView';
import { OrderListCard } from './OrderListCard';

const ok = (data: unknown) => ({ code: 1000, data });
const merchants = ok([{ value: '12', label: '翠玉轩珠宝' }]);
const list = ok({ list: [orderRow()], total: 1, page: 1, page_size: 20, server_time: new Date().toISOString(), total_exact: true });
const paths = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname);

/** The filter form and the table of 订单查询, as the centre's page or the warehouse's puts them. */
function ListParts() {
  return (
    <>
      <CentreFilterForm values={{}} onSearch={() => undefined} onReset={() => undefined} />
      <OrderListCard
        query={{ page: 1, page_size: 20 }}
        pagination={() => ({})}
        source={{ filtered: false, reset: () => undefined, refreshToken: 0 }}
        toolbarClass="t"
        orderLink={(r) => r.order_no}
        detailAction={() => null}
      />
    </>
  );
}

function Detail({ layout }: { layout: 'page' | 'drawer' }) {
  const q = useCentreOrderDetail('11');
  return q.data ? <OrderDetailView d={q.data} q={q} nav={null} layout={layout} /> : null;
}

describe('the order pieces shared by the service centre and the warehouse', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('call the centre endpoints by default', async () => {
    const fetch = stubApi({ '/center/v1/Order/list': list, '/center/v1/Order/merchants': merchants });
    renderAt('/', [{ path: '/', element: <ListParts /> }]);
    await screen.findByText('JC202611210011');
    // the merchant options load with the filters behind 展开, not with the list
    expect(paths(fetch)).toEqual(['/api/center/v1/Order/list']);
    fireEvent.click(screen.getByRole('button', { name: /展开/ }));
    await waitFor(() => expect(paths(fetch).sort()).toEqual(['/api/center/v1/Order/list', '/api/center/v1/Order/merchants']));
    expect(await screen.findByLabelText('商户')).toBeTruthy();
  });

  it('call the warehouse endpoints inside the warehouse portal (a warehouse session is refused by the centre ones)', async () => {
    const fetch = stubApi({ '/warehouse/v1/Order/list': list, '/warehouse/v1/Order/merchants': merchants });
    renderAt('/', [
      {
        path: '/',
        element: (
          <OrderPortalContext.Provider value="warehouse">
            <ListParts />
          </OrderPortalContext.Provider>
        ),
      },
    ]);
    await screen.findByText('JC202611210011');
    // the merchant options load with the filters behind 展开, not with the list
    expect(paths(fetch)).toEqual(['/api/warehouse/v1/Order/list']);
    fireEvent.click(screen.getByRole('button', { name: /展开/ }));
    await waitFor(() => expect(paths(fetch).sort()).toEqual(['/api/warehouse/v1/Order/list', '/api/warehouse/v1/Order/merchants']));
    expect(await screen.findByLabelText('商户')).toBeTruthy();
  });

  it('show the full order fields on the centre page and the shorter bordered set in the warehouse drawer', async () => {
    const d = scanData({ status: 'intercepted', intercept_reason: '买家申请退款' });
    stubApi({ '/center/v1/Order/detail': ok(d) });
    renderAt('/', [{ path: '/', element: <Detail layout="page" /> }]);
    expect(await screen.findByTestId('intercept-alert')).toBeTruthy();
    expect(screen.getByText('平台订单号')).toBeTruthy();
    expect(screen.getByText('付款时间')).toBeTruthy();
    expect(screen.getByText('待检测')).toBeTruthy();
    cleanup();

    renderAt('/', [{ path: '/', element: <Detail layout="drawer" /> }]);
    expect(await screen.findByText('收件地址')).toBeTruthy();
    expect(screen.queryByTestId('intercept-alert')).toBeNull();
    expect(screen.queryByText('平台订单号')).toBeNull();
    expect(screen.queryByText('付款时间')).toBeNull();
    expect(screen.getByText('尚未出结果')).toBeTruthy();
  });
});
