import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setUi } from '../../../lib/ui';
import { catchDownloads, fakeMessages, stubFetchWithFiles, urlsTo } from '../../../test/downloads';
import { installDomShims, renderAt } from '../../../test/utils';
import { batchRow, signInOwner } from '../../../test/warehouseFixtures';
import LotListPage from './LotListPage';

const LIST = '/warehouse/v1/Batch/list';
const EXPORT = '/warehouse/v1/Batch/export';
const ok = (data: unknown) => ({ code: 1000, msg: 'success', data });
const route = [{ path: '/warehousing/lotList', element: <LotListPage /> }];

describe('批次列表 导出', () => {
  beforeAll(installDomShims);
  beforeEach(signInOwner);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUi(null);
  });

  it('downloads Batch/export with the list’s filters from the URL, without paging', async () => {
    const fetch = stubFetchWithFiles(
      { [LIST]: ok({ list: [batchRow()], total: 1, page: 2, page_size: 20 }), '/warehouse/v1/Batch/operators': ok([{ value: '7', label: '广州番禺检测中心 质检' }]) },
      { [EXPORT]: '批次列表-20261122120000.xlsx' },
    );
    const names = catchDownloads();
    const message = fakeMessages();
    renderAt('/warehousing/lotList?status=closed&operator_id=7&start_date=2026-11-01&end_date=2026-11-30&page=2', route);
    expect(await screen.findByText('PC20261122001')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(names).toEqual(['批次列表-20261122120000.xlsx']));
    expect(Object.fromEntries(urlsTo(fetch, EXPORT)[0]!.searchParams)).toEqual({ status: 'closed', operator_id: '7', start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(message.success).toHaveBeenCalledWith('已导出');
    // 刷新 is still there beside it
    expect(screen.getByRole('button', { name: /刷\s*新/ })).toBeTruthy();
  });
});
