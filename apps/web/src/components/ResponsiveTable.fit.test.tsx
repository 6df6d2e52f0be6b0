import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableColumnsType } from 'antd';
import { installDomShims } from '../test/utils';
import { ResponsiveTable, TableScopeContext, fittedScrollX } from './ResponsiveTable';

/** Lists fit 1366–1440 px: default columns, the rest under 列设置, the scroll width from the columns shown. */

installDomShims();
afterEach(() => localStorage.clear());

interface Row {
  id: string;
  order_no: string;
  buyer: string;
  waybill: string;
}
const rows: Row[] = [{ id: '1', order_no: 'JC202611270001', buyer: '陈小姐', waybill: 'SF100' }];
const columns: TableColumnsType<Row> = [
  { title: '订单号', dataIndex: 'order_no', width: 200 },
  { title: '买家', dataIndex: 'buyer', width: 300 },
  { title: '运单号', dataIndex: 'waybill', width: 300 },
  { title: '操作', key: 'actions', fixed: 'right', width: 100, render: () => <a>详情</a> },
];

function renderList() {
  return render(
    <TableScopeContext.Provider value={{ userId: 'trader:1', stickyOffset: 0 }}>
      <ResponsiveTable<Row> rowKey="id" columns={columns} dataSource={rows} columnsKey="orders" scroll={{ x: 900 }} defaultHiddenColumns={['buyer', 'waybill']} />
    </TableScopeContext.Provider>,
  );
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('default columns', () => {
  it('leaves the default-hidden columns out until shown under 列设置, and remembers the choice', async () => {
    const { unmount } = renderList();
    expect(headers()).toEqual(['订单号', '操作']);
    fireEvent.click(screen.getByTestId('column-settings-button'));
    fireEvent.click(await screen.findByRole('checkbox', { name: '买家' }));
    expect(headers()).toEqual(['订单号', '买家', '操作']);
    unmount();
    renderList();
    expect(headers()).toEqual(['订单号', '买家', '操作']);
  });

  it('the table scrolls at the width of the columns shown (never wider than the page asked)', () => {
    const shown = [columns[0]!, columns[3]!];
    expect(fittedScrollX(900, shown, { selection: true, expandable: false })).toBe(200 + 100 + 32);
    expect(fittedScrollX(900, columns, { selection: false, expandable: false })).toBe(900);
    expect(fittedScrollX('max-content', shown, { selection: false, expandable: false })).toBe('max-content');
    expect(fittedScrollX(900, [{ title: 'x' }], { selection: false, expandable: true })).toBe(120 + 48);
  });
});
