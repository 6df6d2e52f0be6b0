import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableColumnsType } from 'antd';
import { widthMatches } from '../test/setup';
import { installDomShims } from '../test/utils';
import { onSortChange, sortable } from './tableSort';
import { ResponsiveTable, TableScopeContext } from './ResponsiveTable';

/** The screen is `width` px wide for antd's breakpoints (matchMedia answers for it). */
function setWidth(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: widthMatches(query, width),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

installDomShims();
const original = window.matchMedia;
afterEach(() => {
  Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: original });
  localStorage.clear();
});

interface Row {
  id: string;
  order_no: string;
  status: string;
  ship_deadline: string;
  buyer: string;
}
const rows: Row[] = [
  { id: '1', order_no: 'JC202611270001', status: '待到仓', ship_deadline: '2026-11-28 10:00', buyer: '陈小姐' },
  { id: '2', order_no: 'JC202611270002', status: '检测中', ship_deadline: '2026-11-29 09:00', buyer: '王先生' },
];

function columns(onDetail: (r: Row) => void, sort: { sort_by?: 'ship_deadline' | 'status'; sort_order?: 'asc' | 'desc' } = {}): TableColumnsType<Row> {
  return [
    { title: '订单号', dataIndex: 'order_no', fixed: 'left', width: 180 },
    sortable<Row>({ title: '状态', dataIndex: 'status', width: 100 }, 'status', sort),
    sortable<Row>({ title: '发货倒计时', dataIndex: 'ship_deadline', width: 160 }, 'ship_deadline', sort),
    { title: '买家', dataIndex: 'buyer', width: 100 },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_v, r) => (
        <>
          <button type="button" onClick={() => onDetail(r)}>
            详情
          </button>
          <button type="button">取消订单</button>
        </>
      ),
    },
  ];
}

describe('ResponsiveTable below 992 px: one card per row', () => {
  beforeEach(() => setWidth(390));

  it('shows each row as a card with its fields, the first column as its head and every action at the bottom', async () => {
    const onDetail = vi.fn();
    const { container } = render(<ResponsiveTable<Row> rowKey="id" columns={columns(onDetail)} dataSource={rows} pagination={false} />);
    const cards = await screen.findAllByTestId('row-card');
    expect(cards).toHaveLength(2);
    expect(container.querySelector('table')).toBeNull();
    const first = cards[0]!;
    expect(within(first).getByText('JC202611270001').closest('.gq-rcard__head')).not.toBeNull();
    for (const label of ['状态', '发货倒计时', '买家']) expect(within(first).getByText(label).tagName).toBe('DT');
    expect(within(first).getByText('陈小姐').tagName).toBe('DD');
    // the actions column is not a field: it sits at the bottom, every action there
    expect(within(first).queryByText('操作')).toBeNull();
    const actions = within(first).getByTestId('row-card-actions');
    expect(within(actions).getByRole('button', { name: '取消订单' })).toBeVisible();
    fireEvent.click(within(actions).getByRole('button', { name: '详情' }));
    expect(onDetail).toHaveBeenCalledWith(rows[0]);
  });

  it('selects rows by their card and the whole page, as the table does', async () => {
    const onChange = vi.fn();
    render(<ResponsiveTable<Row> rowKey="id" columns={columns(() => {})} dataSource={rows} pagination={false} rowSelection={{ selectedRowKeys: [], onChange }} />);
    const cards = await screen.findAllByTestId('row-card');
    fireEvent.click(within(cards[1]!).getByRole('checkbox'));
    expect(onChange).toHaveBeenLastCalledWith(['2'], [rows[1]], { type: 'multiple' });
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(onChange).toHaveBeenLastCalledWith(['1', '2'], rows, { type: 'all' });
  });

  it('sorts on the server from the cards’ 排序: the page gets sort_by and sort_order', async () => {
    const apply = vi.fn();
    render(<ResponsiveTable<Row> rowKey="id" columns={columns(() => {}, { sort_by: 'status', sort_order: 'asc' })} dataSource={rows} pagination={false} onChange={onSortChange<Row>(apply)} />);
    const select = await screen.findByTestId('card-sort');
    expect(select).toHaveTextContent('状态 ↑');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('发货倒计时 ↓'));
    expect(apply).toHaveBeenCalledWith({ sort_by: 'ship_deadline', sort_order: 'desc' });
  });

  it('pages the cards with the server’s total and says what is empty', async () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <ResponsiveTable<Row> rowKey="id" columns={columns(() => {})} dataSource={rows} pagination={{ current: 1, pageSize: 2, total: 7, onChange: onPage, showTotal: (n) => `共 ${n} 条` }} />,
    );
    expect(await screen.findByText('共 7 条')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('Next Page'));
    expect(onPage).toHaveBeenCalledWith(2, 2);
    rerender(<ResponsiveTable<Row> rowKey="id" columns={columns(() => {})} dataSource={[]} pagination={false} locale={{ emptyText: '暂无订单' }} />);
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
  });
});

describe('ResponsiveTable from 992 px: the antd table', () => {
  beforeEach(() => setWidth(1440));

  it('renders a table with a page jumper, and a header click asks the server for that sort (descending first)', async () => {
    const apply = vi.fn();
    const { container } = render(
      <ResponsiveTable<Row> rowKey="id" columns={columns(() => {})} dataSource={rows} pagination={{ current: 1, pageSize: 2, total: 40 }} onChange={onSortChange<Row>(apply)} />,
    );
    await waitFor(() => expect(container.querySelector('table')).not.toBeNull());
    expect(screen.queryByTestId('row-card')).toBeNull();
    expect(container.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    fireEvent.click(screen.getByText('发货倒计时'));
    expect(apply).toHaveBeenCalledWith({ sort_by: 'ship_deadline', sort_order: 'desc' });
  });

  it('remembers the columns a user hides (per user), never hiding the first or the actions column', async () => {
    const scope = (userId: string) => ({ userId, stickyOffset: 84 });
    const table = (userId: string) => (
      <TableScopeContext.Provider value={scope(userId)}>
        <ResponsiveTable<Row> rowKey="id" columnsKey="orders" columns={columns(() => {})} dataSource={rows} pagination={false} />
      </TableScopeContext.Provider>
    );
    const { unmount } = render(table('trader:1'));
    fireEvent.click(await screen.findByTestId('column-settings-button'));
    const panel = await screen.findByTestId('column-settings');
    expect(within(panel).getByRole('checkbox', { name: '订单号' })).toBeDisabled();
    expect(within(panel).getByRole('checkbox', { name: '操作' })).toBeDisabled();
    fireEvent.click(within(panel).getByRole('checkbox', { name: '买家' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '买家' })).toBeNull());
    unmount();

    // the same user again: still hidden; another user: their own (all) columns
    const again = render(table('trader:1'));
    await waitFor(() => expect(screen.getAllByRole('columnheader').length).toBeGreaterThan(0));
    expect(screen.queryByRole('columnheader', { name: '买家' })).toBeNull();
    again.unmount();
    render(table('trader:2'));
    expect(await screen.findByRole('columnheader', { name: '买家' })).toBeInTheDocument();
  });
});
