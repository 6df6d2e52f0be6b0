import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chinaNow } from '../../../lib/chinaTime';
import type { DailyReportDay } from '@gemqc/contract';
import { setUi } from '../../../lib/ui';
import { catchDownloads, fakeMessages, stubFetchWithFiles, urlsTo } from '../../../test/downloads';
import { installDomShims, renderAt } from '../../../test/utils';
import CentreStatisticsPage from './CentreStatisticsPage';
import StatisticsPage from './StatisticsPage';

// the charts as the names of their series (ECharts itself does not draw in jsdom)
vi.mock('../components/EChart', () => ({
  EChart: ({ option, testId }: { option: { series?: { name: string }[] }; testId?: string }) => (
    <div data-testid={testId}>{(option.series ?? []).map((s) => s.name).join('|')}</div>
  ),
}));

const day = (date: string): DailyReportDay => ({
  date,
  by_status: { created: 1 },
  created: 1,
  received: 0,
  shipped: 0,
  passed: 0,
  failed: 0,
  cancelled: 0,
  intercepted: 0,
  inspection_fee: 3000,
  certificate_fee: 0,
  fee_total: 3000,
  top_up: 0,
});
const { date: _d, ...totals } = day('');
const report = { code: 1000, msg: 'success', data: { days: [day(chinaNow().format('YYYY-MM-DD'))], totals } };

const range = { start: chinaNow().subtract(29, 'day').format('YYYY-MM-DD'), end: chinaNow().format('YYYY-MM-DD') };

describe('日报表 导出', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUi(null);
  });

  it('merchant: 导出 downloads the shown range from Report/dailyExport; the total column and line are 费用合计', async () => {
    const fetch = stubFetchWithFiles({ '/merchant/v1/Report/daily': report }, { '/merchant/v1/Report/dailyExport': '日报表-x.xlsx' });
    const names = catchDownloads();
    const message = fakeMessages();
    const { container } = renderAt('/trader/order/statistics', [{ path: '/trader/order/statistics', element: <StatisticsPage /> }]);
    await waitFor(() => expect(container.querySelectorAll('.ant-table-tbody .ant-table-row')).toHaveLength(1));

    const headers = [...container.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    expect(headers.filter((h) => h === '检测费')).toHaveLength(1);
    expect(headers).toContain('费用合计');
    expect(screen.getByTestId('chart-fees').textContent).toBe('检测费|证书费|费用合计');

    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(names).toEqual(['日报表-x.xlsx']));
    expect(Object.fromEntries(urlsTo(fetch, '/merchant/v1/Report/dailyExport')[0]!.searchParams)).toEqual(range);
    expect(message.success).toHaveBeenCalledWith('已导出');
  });

  it('service centre: 导出 downloads the shown range from the centre’s Report/dailyExport', async () => {
    const fetch = stubFetchWithFiles({ '/center/v1/Report/daily': report }, { '/center/v1/Report/dailyExport': '日报表-y.xlsx' });
    const names = catchDownloads();
    fakeMessages();
    const { container } = renderAt('/base/order/statistics', [{ path: '/base/order/statistics', element: <CentreStatisticsPage /> }]);
    await waitFor(() => expect(container.querySelectorAll('.ant-table-tbody .ant-table-row')).toHaveLength(1));

    fireEvent.click(within(container).getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(names).toEqual(['日报表-y.xlsx']));
    expect(Object.fromEntries(urlsTo(fetch, '/center/v1/Report/dailyExport')[0]!.searchParams)).toEqual(range);
    expect(urlsTo(fetch, '/merchant/v1/Report/dailyExport')).toHaveLength(0);
  });
});
