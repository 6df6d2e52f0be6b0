import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { installDomShims, renderAt, stubApi, type Answer } from '../../../test/utils';
import CentreStatisticsPage from './CentreStatisticsPage';
import StatisticsPage from './StatisticsPage';

// ECharts does not draw in jsdom: a chart is its test id
vi.mock('../components/EChart', () => ({ EChart: ({ testId }: { testId?: string }) => <div data-testid={testId} /> }));

const day = { date: '2026-01-01', by_status: {}, created: 2, received: 0, shipped: 0, passed: 0, failed: 0, cancelled: 0, intercepted: 0, inspection_fee: 0, certificate_fee: 0, fee_total: 0, top_up: 0 };
const { date: _d, ...totals } = day;
const report = { code: 1000, data: { days: [day], totals } };

describe('日报表: a failed load', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  for (const [name, path, route, Page] of [
    ['merchant', '/merchant/v1/Report/daily', '/trader/order/statistics', StatisticsPage],
    ['service centre', '/center/v1/Report/daily', '/base/order/statistics', CentreStatisticsPage],
  ] as const) {
    it(`${name}: code 1500 shows its message and 重试 instead of empty charts and 暂无数据; 重试 shows the report`, async () => {
      const answers: Record<string, Answer> = { [path]: { code: 1500, msg: '报表服务繁忙' } };
      stubApi(answers);
      renderAt(route, [{ path: route, element: <Page /> }]);
      expect(await screen.findByTestId('list-error-reason')).toHaveTextContent('报表服务繁忙');
      expect(screen.queryByText('暂无数据')).toBeNull();
      expect(screen.queryByTestId('chart-status')).toBeNull();
      answers[path] = report;
      fireEvent.click(screen.getByRole('button', { name: /^重\s?试$/ }));
      expect(await screen.findByTestId('chart-status')).toBeInTheDocument();
      expect(screen.getByText('2026-01-01')).toBeInTheDocument();
      expect(screen.queryByTestId('list-error')).toBeNull();
    });
  }
});
