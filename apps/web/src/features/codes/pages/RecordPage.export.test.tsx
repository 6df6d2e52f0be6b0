import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setUi } from '../../../lib/ui';
import { catchDownloads, fakeMessages, stubFetchWithFiles, urlsTo } from '../../../test/downloads';
import { installDomShims, renderAt } from '../../../test/utils';
import RecordPage from './RecordPage';

const LIST = '/merchant/v1/Testing/recordList';
const EXPORT = '/merchant/v1/Testing/recordExport';
const row = {
  id: '1',
  code: 'C0001',
  order_id: '1',
  order_no: 'JC202611210001',
  item_id: '11',
  item_name: '冰种翡翠手镯',
  category_name: '翡翠',
  bound_at: new Date().toISOString(),
  bound_by_name: '李质检',
  unbound_at: null,
  unbound_by_name: '',
  state: 'bound',
};
const list = { code: 1000, msg: 'success', data: { list: [row], total: 1, page: 1, page_size: 20 } };

describe('绑码记录 导出', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUi(null);
  });

  it('downloads recordExport with the searched filters (not what is typed after), without paging', async () => {
    const fetch = stubFetchWithFiles({ [LIST]: list }, { [EXPORT]: '绑码记录-20261122120000.xlsx' });
    const names = catchDownloads();
    const message = fakeMessages();
    renderAt('/trader/order/record', [{ path: '/trader/order/record', element: <RecordPage /> }]);
    expect(await screen.findByText('C0001')).toBeTruthy();

    const input = screen.getByPlaceholderText('标签码 / 订单号');
    fireEvent.change(input, { target: { value: ' 手镯 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(urlsTo(fetch, LIST).at(-1)!.searchParams.get('keyword')).toBe('手镯'));
    fireEvent.change(input, { target: { value: 'typed, not searched' } });

    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(names).toEqual(['绑码记录-20261122120000.xlsx']));
    expect(Object.fromEntries(urlsTo(fetch, EXPORT)[0]!.searchParams)).toEqual({ keyword: '手镯' });
    expect(message.success).toHaveBeenCalledWith('已导出');
  });

  it('shows the server’s refusal and saves nothing', async () => {
    stubFetchWithFiles({ [LIST]: list, [EXPORT]: { code: 1001, msg: '开始日期不能晚于结束日期', data: null } }, {});
    const names = catchDownloads();
    const message = fakeMessages();
    renderAt('/trader/order/record', [{ path: '/trader/order/record', element: <RecordPage /> }]);
    expect(await screen.findByText('C0001')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(message.error).toHaveBeenCalled());
    expect(String(message.error.mock.calls[0]![0])).toContain('开始日期不能晚于结束日期');
    expect(names).toEqual([]);
    expect(message.success).not.toHaveBeenCalled();
  });
});
