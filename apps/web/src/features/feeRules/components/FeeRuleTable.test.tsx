import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { FeeRuleRow } from '@gemqc/contract';
import { FeeRuleTable } from './FeeRuleTable';

class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

let calls: { url: string; body: unknown }[] = [];
const rows: FeeRuleRow[] = [
  { category_id: '1', category_code: 'FC', category_name: '翡翠', unit: 'g', rule_id: '7', inspection_fee: 3000, certificate_fee: 1000, override_count: 1, updated_by_name: null, updated_at: null },
  { category_id: '2', category_code: 'ZS', category_name: '钻石', unit: 'ct', rule_id: null, inspection_fee: null, certificate_fee: null, override_count: 0, updated_by_name: null, updated_at: null },
];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ code: 1000, msg: 'success', data: { id: '7', category_id: '1', merchant_id: null, inspection_fee: 2850, certificate_fee: 1000, updated_at: '' } }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderTable(canEdit = true) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <App>
        <FeeRuleTable ns="center" rows={rows} loading={false} canEdit={canEdit} />
      </App>
    </QueryClientProvider>,
  );
}

describe('fee rule table', () => {
  it('shows fen as yuan and marks a category without a fee', () => {
    renderTable();
    expect(screen.getByText('¥30.00')).toBeInTheDocument();
    expect(screen.getAllByText('未设置')).toHaveLength(2);
  });

  it('edits a row inline in yuan and saves it in fen', async () => {
    renderTable();
    fireEvent.click(screen.getByTestId('fee-edit-1'));
    const input = await screen.findByTestId('fee-inspection-1');
    await waitFor(() => expect((input as HTMLInputElement).value).toMatch(/^30(\.00?)?$/));
    fireEvent.change(input, { target: { value: '28.5' } });
    fireEvent.click(screen.getByTestId('fee-save-1'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: '/api/center/v1/Fee/save', body: { category_id: '1', inspection_fee: 2850, certificate_fee: 1000 } });
  });

  it('refuses more than two decimals or more than ¥10,000 with the contract’s messages, sending nothing', async () => {
    renderTable();
    fireEvent.click(screen.getByTestId('fee-edit-2'));
    fireEvent.change(await screen.findByTestId('fee-inspection-2'), { target: { value: '12.345' } });
    fireEvent.change(screen.getByTestId('fee-certificate-2'), { target: { value: '10000.01' } });
    fireEvent.click(screen.getByTestId('fee-save-2'));
    expect(await screen.findByText('检测费最多精确到分')).toBeInTheDocument();
    expect(await screen.findByText('证书费不能超过10000元')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('has no edit actions without fee.manage', () => {
    renderTable(false);
    expect(screen.queryByTestId('fee-edit-1')).toBeNull();
  });
});
