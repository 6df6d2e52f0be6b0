import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { SubAccount } from '@gemqc/contract';
import { AccountFormModal } from './AccountFormModal';

let calls: { url: string; method: string; body: unknown }[] = [];
let saveAnswer: { code: number; msg: string; data: unknown } = { code: 1000, msg: 'success', data: null };

const saved: SubAccount = {
  id: '9', mobile: '13900000031', name: '质检员小王', role_id: '3', role_name: '入仓质检员', status: 1, last_login_at: null, created_at: '2026-11-21T06:00:00Z', can_delete: true,
};

// antd measures itself; jsdom has no ResizeObserver
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  calls = [];
  saveAnswer = { code: 1000, msg: 'success', data: saved };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/Role/list')) {
        return new Response(JSON.stringify({ code: 1000, msg: 'success', data: { list: [{ id: '3', name: '入仓质检员', description: '', permissions: [], account_count: 1, created_at: '' }], total: 1, page: 1, page_size: 100 } }));
      }
      return new Response(JSON.stringify(saveAnswer));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderModal(account: SubAccount | null = null) {
  const onSaved = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <App>
        <AccountFormModal ns="warehouse" open account={account} onClose={() => undefined} onSaved={onSaved} />
      </App>
    </QueryClientProvider>,
  );
  return onSaved;
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const ok = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

async function chooseRole() {
  await waitFor(() => expect(calls.some((c) => c.url.includes('/warehouse/v1/Role/list'))).toBe(true));
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(await screen.findByTitle('入仓质检员'));
}

describe('sub-account form', () => {
  it('shows the contract’s messages for every empty required field and sends nothing', async () => {
    renderModal();
    ok();
    expect(await screen.findByText('请输入正确的11位手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入姓名')).toBeInTheDocument();
    expect(screen.getByText('请选择角色')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('checks the mobile format and the password strength as the user types', async () => {
    renderModal();
    type('account-mobile', '1380000');
    type('account-password', '12345678');
    expect(await screen.findByText('请输入正确的11位手机号')).toBeInTheDocument();
    expect(await screen.findByText('密码须同时包含字母和数字')).toBeInTheDocument();
    type('account-password', 'Ab1');
    expect(await screen.findByText('密码至少8位')).toBeInTheDocument();
  });

  it('creates with the trimmed mobile, name, role and password', async () => {
    const onSaved = renderModal();
    type('account-mobile', ' 13900000031 ');
    type('account-name', ' 质检员小王 ');
    type('account-password', 'Init1234');
    await chooseRole();
    ok();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, true));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/warehouse/v1/Account/save',
      method: 'POST',
      body: { mobile: '13900000031', name: '质检员小王', role_id: '3', password: 'Init1234' },
    });
  });

  it('edits name and role only: the mobile is shown but locked and no password is asked', async () => {
    const onSaved = renderModal(saved);
    expect(screen.getByTestId('account-mobile')).toBeDisabled();
    expect(screen.queryByTestId('account-password')).toBeNull();
    type('account-name', '质检员王五');
    ok();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ id: '9', name: '质检员王五', role_id: '3' });
  });

  it('keeps the dialog open when the server refuses (e.g. 该手机号已被使用)', async () => {
    saveAnswer = { code: 1001, msg: '该手机号已被使用', data: null };
    const onSaved = renderModal();
    type('account-mobile', '13900000009');
    type('account-name', '重复');
    type('account-password', 'Init1234');
    await chooseRole();
    ok();
    expect(await screen.findByText('该手机号已被使用')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
