import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import RecordPage from './RecordPage';

const LIST = '/merchant/v1/Testing/recordList';
const row = (i: number) => ({
  id: String(i),
  code: `C${String(i).padStart(4, '0')}`,
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
});

const calls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${LIST}`);

describe('绑码记录 (filters held by the page)', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches the trimmed code from page 1 and forgets it on reset', async () => {
    const fetch = stubApi({ [LIST]: { code: 1000, data: { list: Array.from({ length: 20 }, (_, i) => row(i + 1)), total: 45, page: 1, page_size: 20 } } });
    renderAt('/trader/code/record', [{ path: '/trader/code/record', element: <RecordPage /> }]);
    expect(await screen.findByText('C0001')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls(fetch).at(-1)!.searchParams.get('page')).toBe('2'));

    fireEvent.change(screen.getByPlaceholderText('标签码 / 订单号'), { target: { value: '  C0007 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls(fetch).at(-1)!.searchParams.get('keyword')).toBe('C0007'));
    expect(calls(fetch).at(-1)!.searchParams.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(calls(fetch).at(-1)!.searchParams.has('keyword')).toBe(false));
    expect((screen.getByPlaceholderText('标签码 / 订单号') as HTMLInputElement).value).toBe('');
  });
});
