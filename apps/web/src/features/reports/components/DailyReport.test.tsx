import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import dayjs from 'dayjs';
import type { DailyReportDay } from '@gemqc/contract';
import { installDomShims } from '../../../test/utils';
import { DailyReportTable, clampRange } from './DailyReport';

const day = (date: string, over: Partial<DailyReportDay> = {}): DailyReportDay => ({
  date,
  by_status: {},
  created: 0,
  received: 0,
  shipped: 0,
  passed: 0,
  failed: 0,
  cancelled: 0,
  intercepted: 0,
  inspection_fee: 0,
  certificate_fee: 0,
  fee_total: 0,
  top_up: 0,
  ...over,
});

describe('日报表 parts', () => {
  beforeAll(installDomShims);
  afterEach(cleanup);

  it('clamps a picked range to 92 days from its start', () => {
    const a = dayjs('2026-01-01');
    expect(clampRange(a, dayjs('2026-03-01'))[1].format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(clampRange(a, dayjs('2026-12-31'))[1].format('YYYY-MM-DD')).toBe('2026-04-02');
  });

  it('lists the days newest first with counts, amounts in ¥ and a sum row in column order', () => {
    const days = [day('2026-11-20', { created: 2, fee_total: 3000 }), day('2026-11-21', { created: 5, passed: 1, fee_total: 123456 })];
    const totals = { ...day(''), created: 7, passed: 1, fee_total: 126456 };
    const { container } = render(
      <DailyReportTable
        days={days}
        totals={totals}
        loading={false}
        scrollX={1000}
        dateTitle="日期"
        sumTitle="合计"
        counts={[
          { key: 'created', title: '新建' },
          { key: 'passed', title: '合格' },
        ]}
        amounts={[{ key: 'fee_total', title: '费用合计' }]}
      />,
    );
    const rows = [...container.querySelectorAll('tr.ant-table-row')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['2026-11-21', '5', '1', '¥1,234.56'],
      ['2026-11-20', '2', '0', '¥30.00'],
    ]);
    const sum = [...container.querySelectorAll('.ant-table-summary td')].map((c) => c.textContent);
    expect(sum).toEqual(['合计', '7', '1', '¥1,264.56']);
  });
});
