import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableColumnsType } from 'antd';
import { installDomShims } from '../test/utils';
import { ResponsiveTable, TableScopeContext, type ColumnPrefs } from './ResponsiveTable';

/** 列设置 kept with the account on the server (ColumnPrefs of the table scope), this browser's copy first. */

installDomShims();
afterEach(() => localStorage.clear());

interface Row {
  id: string;
  order_no: string;
  status: string;
  buyer: string;
}
const rows: Row[] = [{ id: '1', order_no: 'JC202611270001', status: '待到仓', buyer: '陈小姐' }];
const columns: TableColumnsType<Row> = [
  { title: '订单号', dataIndex: 'order_no' },
  { title: '状态', dataIndex: 'status' },
  { title: '买家', dataIndex: 'buyer' },
];
const LOCAL = 'gq.columns:trader:1:orders';

/** A server store whose load the test answers when it wants (`answer`), recording every save. */
function serverPrefs() {
  let answer: (v: string[] | null) => void = () => undefined;
  let fail: () => void = () => undefined;
  const prefs = {
    load: vi.fn<ColumnPrefs['load']>(
      () =>
        new Promise<string[] | null>((resolve, reject) => {
          answer = resolve;
          fail = () => reject(new Error('网络错误'));
        }),
    ),
    save: vi.fn<ColumnPrefs['save']>(),
  };
  return { prefs, answer: (v: string[] | null) => act(() => answer(v)), fail: () => act(() => fail()) };
}

function table(prefs: ColumnPrefs) {
  return (
    <TableScopeContext.Provider value={{ userId: 'trader:1', stickyOffset: 0, prefs }}>
      <ResponsiveTable<Row> rowKey="id" columnsKey="orders" columns={columns} dataSource={rows} pagination={false} />
    </TableScopeContext.Provider>
  );
}

const header = (name: string) => screen.queryByRole('columnheader', { name });

describe('列设置 remembered on the server (they follow the user to another browser)', () => {
  it('renders this browser’s copy at once, then the account’s choice from the server, which is copied here', async () => {
    localStorage.setItem(LOCAL, JSON.stringify(['status']));
    const s = serverPrefs();
    render(table(s.prefs));
    await waitFor(() => expect(header('买家')).not.toBeNull());
    expect(header('状态')).toBeNull();
    expect(s.prefs.load).toHaveBeenCalledWith('orders');

    await s.answer(['buyer']);
    await waitFor(() => expect(header('买家')).toBeNull());
    expect(header('状态')).not.toBeNull();
    expect(JSON.parse(localStorage.getItem(LOCAL)!)).toEqual(['buyer']);
    expect(s.prefs.save).not.toHaveBeenCalled();
  });

  it('writes a choice to both the server and this browser', async () => {
    const s = serverPrefs();
    render(table(s.prefs));
    await s.answer([]);
    fireEvent.click(await screen.findByTestId('column-settings-button'));
    fireEvent.click(within(await screen.findByTestId('column-settings')).getByRole('checkbox', { name: '买家' }));
    await waitFor(() => expect(header('买家')).toBeNull());
    expect(s.prefs.save).toHaveBeenLastCalledWith('orders', ['buyer']);
    expect(JSON.parse(localStorage.getItem(LOCAL)!)).toEqual(['buyer']);
  });

  it('sends a choice made in this browser before the server kept any up once', async () => {
    localStorage.setItem(LOCAL, JSON.stringify(['buyer']));
    const s = serverPrefs();
    render(table(s.prefs));
    await s.answer(null);
    await waitFor(() => expect(s.prefs.save).toHaveBeenCalledWith('orders', ['buyer']));
    expect(s.prefs.save).toHaveBeenCalledTimes(1);
    expect(header('买家')).toBeNull();
  });

  it('keeps this browser’s copy when the server cannot be reached', async () => {
    localStorage.setItem(LOCAL, JSON.stringify(['buyer']));
    const s = serverPrefs();
    render(table(s.prefs));
    await s.fail();
    await waitFor(() => expect(header('状态')).not.toBeNull());
    expect(header('买家')).toBeNull();
    expect(s.prefs.save).not.toHaveBeenCalled();
  });

  it('does not let a late answer of the server undo a change the user made meanwhile', async () => {
    const s = serverPrefs();
    render(table(s.prefs));
    fireEvent.click(await screen.findByTestId('column-settings-button'));
    fireEvent.click(within(await screen.findByTestId('column-settings')).getByRole('checkbox', { name: '状态' }));
    await waitFor(() => expect(header('状态')).toBeNull());
    await s.answer(['buyer']);
    expect(header('状态')).toBeNull();
    expect(header('买家')).not.toBeNull();
    expect(JSON.parse(localStorage.getItem(LOCAL)!)).toEqual(['status']);
  });
});
