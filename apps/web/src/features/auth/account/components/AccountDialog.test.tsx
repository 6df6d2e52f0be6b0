import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { installDomShims, stubApi } from '../../../../test/utils';
import { useUserStore } from '../../../../session/user';
import { AccountDialog } from './AccountDialog';

const INFO = '/merchant/v1/User/info';
const EDIT = '/merchant/v1/User/edit';
const user = { id: '1', user_type: 'trader', name: '张老板', mobile: '13800000001', avatar: '', introduction: '', status_id: 1, is_owner: true, role_id: null, permissions: [], org_id: '1', last_login_at: null };

function open() {
  const onClose = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <App>
        <AccountDialog open onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
  return onClose;
}

const editBodies = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.filter(([u]) => String(u).includes(EDIT)).map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

describe('账号设置 (merchant)', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('edits the name through /merchant/v1/User/edit and updates the header name', async () => {
    useUserStore.setState({ user_type: 'trader', balance: 50_000, name: '张老板' });
    const fetch = stubApi({ [INFO]: { code: 1000, data: { userInfo: user, centerInfo: null } }, [EDIT]: { code: 1000, data: { ...user, name: '张三' } } });
    const onClose = open();
    expect(await screen.findByText('13800000001')).toBeTruthy();
    expect(screen.getByText('¥500.00')).toBeTruthy();
    const name = screen.getByLabelText('姓名');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('张老板'));
    fireEvent.change(name, { target: { value: ' 张三 ' } });
    fireEvent.click(screen.getAllByRole('button', { name: /保\s*存/ })[0]!);
    await waitFor(() => expect(editBodies(fetch)).toEqual([{ name: '张三', avatar: '', introduction: '' }]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useUserStore.getState().name).toBe('张三');
  });

  it('changes the password only when the new one is typed twice the same', async () => {
    useUserStore.setState({ user_type: 'trader' });
    const fetch = stubApi({ [INFO]: { code: 1000, data: { userInfo: user, centerInfo: null } }, [EDIT]: { code: 1000, data: user } });
    open();
    fireEvent.click(await screen.findByRole('tab', { name: '修改密码' }));
    fireEvent.change(screen.getByLabelText('原密码'), { target: { value: 'Demo@123456' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'New@1234567' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'New@7654321' } });
    const save = screen.getAllByRole('button', { name: /保\s*存/ }).at(-1)!;
    fireEvent.click(save);
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(editBodies(fetch)).toEqual([]);
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'New@1234567' } });
    fireEvent.click(save);
    await waitFor(() => expect(editBodies(fetch)).toEqual([{ old_password: 'Demo@123456', password: 'New@1234567' }]));
  });
});
