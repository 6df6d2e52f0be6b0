import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { installDomShims, renderAt, stubApi, type Answer } from '../../../test/utils';
import { batchRow, now, orderRow, scanData, signInOwner } from '../../../test/warehouseFixtures';
import WarehouseOrderListPage from './WarehouseOrderListPage';

const LIST = '/warehouse/v1/Order/list';
const DETAIL = '/warehouse/v1/Order/detail';
const MERCHANTS = '/warehouse/v1/Order/merchants';
const BATCH = '/warehouse/v1/Batch/detail';

const ok = (data: unknown) => ({ code: 1000, data });
const listAnswer = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, server_time: now.toISOString(), total_exact: true });
const merchants = ok([{ value: '12', label: '翠玉轩珠宝' }]);
const batch = ok({ batch: batchRow(), status_counts: [], orders: [], server_time: now.toISOString() });
function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.search}</div>;
}
const route = [
  {
    path: '/warehousing/orderList',
    element: (
      <>
        <WarehouseOrderListPage />
        <Where />
      </>
    ),
  },
];
const retry = () => within(screen.getByTestId('list-error')).getByRole('button', { name: /^重\s?试$/ });

const callsTo = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${path}`);

describe('订单列表 (warehouse)', () => {
  beforeAll(installDomShims);
  beforeEach(signInOwner);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists one batch’s orders from the URL, names the batch, and the filters keep it', async () => {
    const fetch = stubApi({ [LIST]: listAnswer([orderRow({ status: 'received' })]), [MERCHANTS]: merchants, [BATCH]: batch });
    renderAt('/warehousing/orderList?batch_id=5&status=received', route);
    expect(await screen.findByText('JC202611210011')).toBeTruthy();
    expect(Object.fromEntries(callsTo(fetch, LIST)[0]!.searchParams)).toEqual({ page: '1', page_size: '20', status: 'received', batch_id: '5' });
    expect((await screen.findByTestId('batch-filter')).textContent).toContain('批次：PC20261122001');
    // the merchant options come from the warehouse endpoint (a centre endpoint would refuse this token), with 展开
    expect(callsTo(fetch, MERCHANTS).length).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /展开/ }));
    await waitFor(() => expect(callsTo(fetch, MERCHANTS).length).toBe(1));

    const input = screen.getByLabelText('订单号', { selector: 'input' });
    fireEvent.change(input, { target: { value: ' JC202611210099 ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    await waitFor(() => expect(callsTo(fetch, LIST).some((u) => u.searchParams.get('order_no') === 'JC202611210099')).toBe(true));
    expect(Object.fromEntries(callsTo(fetch, LIST).at(-1)!.searchParams)).toEqual({ page: '1', page_size: '20', order_no: 'JC202611210099', status: 'received', batch_id: '5' });
  });

  it('exports with the batch filter', async () => {
    const fetch = stubApi({ [LIST]: listAnswer([orderRow()]), [MERCHANTS]: merchants, [BATCH]: batch });
    renderAt('/warehousing/orderList?batch_id=5', route);
    await screen.findByText('JC202611210011');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(callsTo(fetch, '/warehouse/v1/Order/export').length).toBe(1));
    expect(callsTo(fetch, '/warehouse/v1/Order/export')[0]!.searchParams.get('batch_id')).toBe('5');
  });

  it('ticked orders: 导出所选 exports exactly those (ids and the sort, not the filters); 批量发货 counts those that may ship; a new search clears them', async () => {
    const rows = [orderRow({ id: '11', status: 'bound' }), orderRow({ id: '12', order_no: 'JC202611210012', status: 'received' }), orderRow({ id: '13', order_no: 'JC202611210013', status: 'bound' })];
    const fetch = stubApi({ [LIST]: listAnswer(rows), [MERCHANTS]: merchants, [BATCH]: batch });
    renderAt('/warehousing/orderList?batch_id=5&sort_by=order_no&sort_order=asc', route);
    await screen.findByText('JC202611210011');
    const card = (no: string) => [...document.querySelectorAll<HTMLElement>('tr.ant-table-row')].find((c) => c.textContent?.includes(no))!;
    expect((screen.getByTestId('batch-ship') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(card('JC202611210011')).getByRole('checkbox'));
    fireEvent.click(within(card('JC202611210012')).getByRole('checkbox'));
    expect(screen.getByTestId('selected-count').textContent).toBe('已选 2 单');
    expect(screen.getByTestId('batch-ship').textContent).toContain('批量发货 (1)');
    fireEvent.click(screen.getByRole('button', { name: '导出所选 (2)' }));
    await waitFor(() => expect(callsTo(fetch, '/warehouse/v1/Order/export').length).toBe(1));
    expect(Object.fromEntries(callsTo(fetch, '/warehouse/v1/Order/export')[0]!.searchParams)).toEqual({ ids: '11,12', sort_by: 'order_no', sort_order: 'asc' });

    // 查询 with another filter starts without a selection: 导出 is the filtered list again
    const input = screen.getByLabelText('订单号', { selector: 'input' });
    fireEvent.change(input, { target: { value: 'JC202611210013' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    await waitFor(() => expect(screen.queryByTestId('selected-count')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /^导\s?出$/ }));
    await waitFor(() => expect(callsTo(fetch, '/warehouse/v1/Order/export').length).toBe(2));
    expect(callsTo(fetch, '/warehouse/v1/Order/export')[1]!.searchParams.get('ids')).toBeNull();
    expect(callsTo(fetch, '/warehouse/v1/Order/export')[1]!.searchParams.get('order_no')).toBe('JC202611210013');
  });

  it('opens the order detail in a drawer with items, codes and the timeline', async () => {
    const d = scanData({ status: 'bound' }, {
      items: [{ ...scanData().items[0]!, result: 'pass', certificate_no: 'GZPY2611220001', bound_code: 'TAG0000012345' }],
    });
    const fetch = stubApi({ [LIST]: listAnswer([orderRow({ status: 'bound' })]), [MERCHANTS]: merchants, [DETAIL]: ok(d) });
    renderAt('/warehousing/orderList', route);
    fireEvent.click(await screen.findByText('JC202611210011'));
    const drawer = await screen.findByTestId('order-drawer');
    expect(await within(drawer).findByText('GZPY2611220001')).toBeTruthy();
    expect(within(drawer).getAllByText('TAG0000012345').length).toBeGreaterThan(0);
    expect(callsTo(fetch, DETAIL)[0]!.searchParams.get('id')).toBe('11');
  });

  it('a list answer of code 1500 shows its reason and 重试 in the table, not 没有符合条件的订单; 重试 lists the orders', async () => {
    const answers: Record<string, Answer> = { [LIST]: { code: 1500, msg: '数据库连接失败' }, [MERCHANTS]: merchants };
    const fetch = stubApi(answers);
    renderAt('/warehousing/orderList', route);
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('数据库连接失败');
    expect(screen.getByTestId('list-error').textContent).toContain('数据加载失败');
    expect(screen.queryByText('没有符合条件的订单')).toBeNull();
    // no pager under the error
    expect(screen.queryByText(/共 \d+ 条/)).toBeNull();
    answers[LIST] = listAnswer([orderRow()]);
    fireEvent.click(retry());
    expect(await screen.findByText('JC202611210011')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(callsTo(fetch, LIST)).toHaveLength(2);
  });

  it('a filtered search without orders says 没有符合条件的订单 with 重置, which clears the filters and the batch', async () => {
    const fetch = stubApi({ [LIST]: listAnswer([]), [MERCHANTS]: merchants, [BATCH]: batch });
    renderAt('/warehousing/orderList?batch_id=5&order_no=NOPE123', route);
    const none = await screen.findByTestId('list-no-match');
    expect(none.textContent).toContain('没有符合条件的订单');
    fireEvent.click(within(none).getByRole('button', { name: /^重\s?置$/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    await waitFor(() => expect(Object.fromEntries(callsTo(fetch, LIST).at(-1)!.searchParams)).toEqual({ page: '1', page_size: '20' }));
    expect((screen.getByLabelText('订单号', { selector: 'input' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('batch-filter')).toBeNull();
  });

  it('查询 with the filters unchanged asks the server again, with the batch', async () => {
    const fetch = stubApi({ [LIST]: listAnswer([orderRow({ status: 'received' })]), [MERCHANTS]: merchants, [BATCH]: batch });
    renderAt('/warehousing/orderList?batch_id=5&status=received', route);
    await screen.findByText('JC202611210011');
    expect(callsTo(fetch, LIST)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^查\s?询$/ }));
    await waitFor(() => expect(callsTo(fetch, LIST)).toHaveLength(2));
    expect(Object.fromEntries(callsTo(fetch, LIST)[1]!.searchParams)).toEqual({ page: '1', page_size: '20', status: 'received', batch_id: '5' });
    expect(screen.getByTestId('where').textContent).toBe('?batch_id=5&status=received');
  });
});
