import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { installDomShims, renderAt, stubApi, type Answer } from '../../../test/utils';
import { setUi } from '../../../lib/ui';
import { batchRow, bodiesOf, fakeUi, now, orderRow, signInOwner } from '../../../test/warehouseFixtures';
import LotListPage from './LotListPage';

const LIST = '/warehouse/v1/Batch/list';
const OPERATORS = '/warehouse/v1/Batch/operators';
const DETAIL = '/warehouse/v1/Batch/detail';
const CLOSE = '/warehouse/v1/Batch/close';

const ok = (data: unknown) => ({ code: 1000, data });
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20 });
const operators = ok([{ value: '7', label: '广州番禺检测中心 质检' }]);
function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.search}</div>;
}
const route = [
  {
    path: '/warehousing/lotList',
    element: (
      <>
        <LotListPage />
        <Where />
      </>
    ),
  },
];
const detail = (status = 'open') =>
  ok({
    batch: batchRow({ status }),
    status_counts: [
      { status: 'received', status_text: '已入仓', count: 2 },
      { status: 'passed', status_text: '检测合格', count: 1 },
    ],
    orders: [{ ...orderRow({ status: 'received' }), received_at: now.toISOString() }],
    server_time: now.toISOString(),
  });

const listCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${LIST}`);

describe('批次列表', () => {
  beforeAll(installDomShims);
  beforeEach(signInOwner);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setUi(null);
  });

  it('turns the URL filters into the batch list query and lists the batches', async () => {
    const fetch = stubApi({ [LIST]: page([batchRow(), batchRow({ id: '4', batch_no: 'PC20261121002', status: 'closed', closed_at: now.toISOString(), closed_by_name: '质检员小李' })]), [OPERATORS]: operators });
    renderAt('/warehousing/lotList?status=closed&operator_id=7&start_date=2026-11-01&end_date=2026-11-30&page=2&bogus=1', route);
    expect(await screen.findByText('PC20261121002')).toBeTruthy();
    expect(Object.fromEntries(listCalls(fetch)[0]!.searchParams)).toEqual({ page: '2', page_size: '20', status: 'closed', operator_id: '7', start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(screen.getByText('质检员小李')).toBeTruthy();
  });

  it('opens a batch: its order counts by status and its orders', async () => {
    stubApi({ [LIST]: page([batchRow()]), [OPERATORS]: operators, [DETAIL]: detail() });
    renderAt('/warehousing/lotList', route);
    fireEvent.click(await screen.findByTestId('batch-link'));
    const counts = await screen.findByTestId('batch-status-counts');
    expect(counts.textContent).toContain('已入仓2');
    expect(counts.textContent).toContain('检测合格1');
    const drawer = screen.getByTestId('batch-drawer');
    expect(within(drawer).getByText('JC202611210011').getAttribute('href')).toBe('/warehousing/orderList?order=11');
    expect(within(drawer).getByText('在订单列表中查看').getAttribute('href')).toBe('/warehousing/orderList?batch_id=5');
  });

  it('closes an open batch only after the confirmation', async () => {
    const ui = fakeUi();
    // the first dialog (close?) is accepted, the second (print?) declined
    ui.confirm.mockImplementationOnce((o) => void o.onOk?.()).mockImplementationOnce(() => undefined);
    const fetch = stubApi({ [LIST]: page([batchRow()]), [OPERATORS]: operators, [DETAIL]: detail(), [CLOSE]: ok({ batch: batchRow({ status: 'closed' }), items: [], server_time: now.toISOString() }) });
    renderAt('/warehousing/lotList?batch=5', route);
    const drawer = await screen.findByTestId('batch-drawer');
    fireEvent.click(await within(drawer).findByRole('button', { name: '关闭批次' }));
    expect(ui.confirm.mock.calls[0]![0]).toMatchObject({ title: '关闭批次 PC20261122001？' });
    await waitFor(() => expect(bodiesOf(fetch, CLOSE)).toEqual([{ id: '5' }]));
    await waitFor(() => expect(ui.message.success).toHaveBeenCalledWith('批次 PC20261122001 已关闭'));
    expect(ui.confirm.mock.calls[1]![0]).toMatchObject({ content: '打印批次清单' });
  });

  it('offers no close button for a closed batch', async () => {
    stubApi({ [LIST]: page([batchRow({ status: 'closed' })]), [OPERATORS]: operators, [DETAIL]: detail('closed') });
    renderAt('/warehousing/lotList?batch=5', route);
    const drawer = await screen.findByTestId('batch-drawer');
    await within(drawer).findByTestId('batch-status-counts');
    expect(within(drawer).queryByRole('button', { name: '关闭批次' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: /打印批次清单/ })).toBeTruthy();
  });

  it('a list answer of code 1500 shows its reason and 重试, not 没有符合条件的批次; 重试 lists the batches', async () => {
    const answers: Record<string, Answer> = { [LIST]: { code: 1500, msg: '批次服务繁忙' }, [OPERATORS]: operators };
    const fetch = stubApi(answers);
    renderAt('/warehousing/lotList', route);
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('批次服务繁忙');
    expect(screen.getByTestId('list-error').textContent).toContain('数据加载失败');
    expect(screen.queryByText('没有符合条件的批次')).toBeNull();
    answers[LIST] = page([batchRow()]);
    fireEvent.click(within(screen.getByTestId('list-error')).getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findByText('PC20261122001')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(listCalls(fetch)).toHaveLength(2);
  });

  it('a filtered search without batches says 没有符合条件的批次 with 重置, which clears the filters; unfiltered empty does not', async () => {
    const fetch = stubApi({ [LIST]: page([]), [OPERATORS]: operators });
    renderAt('/warehousing/lotList?batch_no=PC404', route);
    const none = await screen.findByTestId('list-no-match');
    expect(none.textContent).toContain('没有符合条件的批次');
    expect((screen.getByLabelText('批次号') as HTMLInputElement).value).toBe('PC404');
    fireEvent.click(within(none).getByRole('button', { name: /^重\s?置$/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    await waitFor(() => expect(Object.fromEntries(listCalls(fetch).at(-1)!.searchParams)).toEqual({ page: '1', page_size: '20' }));
    await waitFor(() => expect(screen.queryByTestId('list-no-match')).toBeNull());
    expect(screen.queryByText('没有符合条件的批次')).toBeNull();
    expect((screen.getByLabelText('批次号') as HTMLInputElement).value).toBe('');
  });

  it('查询 with the filters unchanged asks the server again', async () => {
    const fetch = stubApi({ [LIST]: page([batchRow()]), [OPERATORS]: operators });
    renderAt('/warehousing/lotList?status=open', route);
    await screen.findByText('PC20261122001');
    expect(listCalls(fetch)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^查\s?询$/ }));
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
    expect(listCalls(fetch)[1]!.searchParams.get('status')).toBe('open');
  });
});
