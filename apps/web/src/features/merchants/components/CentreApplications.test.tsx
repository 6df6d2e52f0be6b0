import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { CentreApplicationRow } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi, type Answer } from '../../../test/utils';
import MerchantListPage from '../pages/MerchantListPage';

const APPS = '/admin/v1/Centre/applications';
const APPROVE = '/admin/v1/Centre/approve';
const REJECT = '/admin/v1/Centre/reject';
const MERCHANTS = '/admin/v1/Merchant/list';

const app = (over: Partial<CentreApplicationRow> = {}): CentreApplicationRow => ({
  id: '7',
  name: '揭阳阳美检测站',
  code: 'C1A2B3',
  address: '广东省揭阳市阳美玉都',
  contact: '赵站长',
  mobile: '13722220001',
  status: 'pending',
  status_text: '待审核',
  reject_reason: '',
  applied_at: '2026-11-20T02:00:00.000Z',
  reviewed_at: null,
  reviewer_name: '',
  ...over,
});
const answer = (list: CentreApplicationRow[], total = list.length) => ({ code: 1000, data: { list, total, page: 1, page_size: 20 } });
const calls = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.filter(([u]) => new URL(String(u), 'http://localhost').pathname === `/api${path}`);
const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) => JSON.parse(String((calls(fetch, path)[0]![1] as RequestInit).body)) as unknown;

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
// Buttons and tabs are found by their text: a role query computes each candidate's accessible name
// over antd's injected styles (getComputedStyle), 10+ s of CPU for one row's buttons in jsdom.
const button = (container: HTMLElement, label: RegExp) => within(container).getByText(label).closest('button')!;
const inTab = '[role="tab"], [role="tab"] *';
const tab = (label: string) => screen.getByText(label, { selector: inTab }).closest('[role="tab"]')!;
const render = (path: string) =>
  renderAt(path, [
    {
      path: '/manage/order/list',
      element: (
        <>
          <MerchantListPage />
          <Where />
        </>
      ),
    },
  ]);

describe('商户列表 · 服务中心入驻 tab', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens on 商户 by default with the pending count on the other tab; choosing the tab writes ?tab=centres', async () => {
    const fetch = stubApi({ [MERCHANTS]: { code: 1000, data: { list: [], total: 0, page: 1, page_size: 20 } }, [APPS]: answer([app()], 3) });
    render('/manage/order/list?keyword=x');
    await screen.findByText('商户', { selector: inTab });
    expect(tab('商户')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(within(screen.getByTestId('centre-pending-badge')).getByText('3')).toBeTruthy());
    const badgeQuery = Object.fromEntries(new URL(String(calls(fetch, APPS)[0]![0]), 'http://localhost').searchParams);
    expect(badgeQuery).toEqual({ status: 'pending', page: '1', page_size: '1' });
    expect(calls(fetch, MERCHANTS)).toHaveLength(1);

    fireEvent.click(tab('服务中心入驻'));
    expect(await screen.findByText('揭阳阳美检测站')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/manage/order/list?keyword=x&tab=centres');
    fireEvent.click(tab('商户'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/manage/order/list?keyword=x'));
  });

  it('?tab=centres shows the applications; approves after confirming', async () => {
    const fetch = stubApi({
      [APPS]: answer([app(), app({ id: '8', name: '四会玉器检测站', status: 'rejected', status_text: '已驳回', reject_reason: '地址不符', reviewed_at: '2026-11-21T02:00:00.000Z', reviewer_name: '平台管理员' })]),
      [APPROVE]: { code: 1000, data: { id: '7', status: 'approved', status_text: '已通过' } },
    });
    render('/manage/order/list?tab=centres');
    const tr = (await screen.findByText('揭阳阳美检测站')).closest('tr')!;
    expect(tab('服务中心入驻')).toHaveAttribute('aria-selected', 'true');
    expect(calls(fetch, MERCHANTS)).toHaveLength(0);
    expect(within(tr).getByText('广东省揭阳市阳美玉都')).toBeTruthy();
    expect(within(tr).getByText('13722220001')).toBeTruthy();
    expect(within(tr).getByText('待审核')).toBeTruthy();
    const done = screen.getByText('四会玉器检测站').closest('tr')!;
    expect(within(done).getByText('已驳回')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: /通\s*过/ })).toBeNull();

    fireEvent.click(button(tr, /^通\s*过$/));
    expect(await screen.findByText(/确定通过「揭阳阳美检测站」的入驻申请吗/)).toBeTruthy();
    expect(calls(fetch, APPROVE)).toHaveLength(0);
    fireEvent.click(button(document.body, /^确\s*定$/));
    await waitFor(() => expect(calls(fetch, APPROVE)).toHaveLength(1));
    expect(bodyOf(fetch, APPROVE)).toEqual({ id: '7' });
  });

  it('rejects only with a reason', async () => {
    const fetch = stubApi({ [APPS]: answer([app()]), [REJECT]: { code: 1000, data: { id: '7', status: 'rejected', status_text: '已驳回' } } });
    render('/manage/order/list?tab=centres');
    const tr = (await screen.findByText('揭阳阳美检测站')).closest('tr')!;
    fireEvent.click(button(tr, /^驳\s*回$/));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(button(dialog, /^驳\s*回$/));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(calls(fetch, REJECT)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '  营业执照与地址不符 ' } });
    fireEvent.click(button(dialog, /^驳\s*回$/));
    await waitFor(() => expect(calls(fetch, REJECT)).toHaveLength(1));
    expect(bodyOf(fetch, REJECT)).toEqual({ id: '7', reason: '营业执照与地址不符' });
  });

  it('searches by keyword and status', async () => {
    const fetch = stubApi({ [APPS]: answer([app()]) });
    render('/manage/order/list?tab=centres');
    await screen.findByText('揭阳阳美检测站');
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: ' 阳美 ' } });
    fireEvent.click(button(document.body, /^查\s*询$/));
    await waitFor(() => expect(calls(fetch, APPS).some(([u]) => new URL(String(u), 'http://localhost').searchParams.get('keyword') === '阳美')).toBe(true));
  });

  it('a list answer of code 1500 shows its reason and 重试, not 没有符合条件的入驻申请; 重试 lists the applications', async () => {
    const answers: Record<string, Answer> = { [APPS]: { code: 1500, msg: '数据库连接失败' } };
    const fetch = stubApi(answers);
    render('/manage/order/list?tab=centres');
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('数据库连接失败');
    expect(screen.getByTestId('list-error').textContent).toContain('数据加载失败');
    expect(screen.queryByText('没有符合条件的入驻申请')).toBeNull();
    answers[APPS] = answer([app()]);
    const before = calls(fetch, APPS).length;
    fireEvent.click(button(screen.getByTestId('list-error'), /^重\s?试$/));
    expect(await screen.findByText('揭阳阳美检测站')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(calls(fetch, APPS).length).toBeGreaterThan(before);
  });

  it('a search without applications says 没有符合条件的入驻申请 with 重置, which clears the fields; none at all says 还没有服务中心申请入驻', async () => {
    const fetch = stubApi({ [APPS]: answer([]) });
    render('/manage/order/list?tab=centres');
    expect(await screen.findByText('还没有服务中心申请入驻')).toBeTruthy();
    expect(screen.queryByTestId('list-no-match')).toBeNull();
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: '无此站' } });
    fireEvent.click(button(document.body, /^查\s?询$/));
    const none = await screen.findByTestId('list-no-match');
    expect(none.textContent).toContain('没有符合条件的入驻申请');
    fireEvent.click(button(none, /^重\s?置$/));
    await waitFor(() => expect(screen.queryByTestId('list-no-match')).toBeNull());
    expect((screen.getByLabelText('关键词') as HTMLInputElement).value).toBe('');
    const last = new URL(String(calls(fetch, APPS).at(-1)![0]), 'http://localhost').searchParams;
    expect(last.get('keyword')).toBeNull();
  });

  it('查询 with the same keyword asks the server again', async () => {
    const fetch = stubApi({ [APPS]: answer([app()]) });
    render('/manage/order/list?tab=centres');
    await screen.findByText('揭阳阳美检测站');
    const listed = () => calls(fetch, APPS).filter(([u]) => new URL(String(u), 'http://localhost').searchParams.get('page_size') === '20').length;
    const first = listed();
    fireEvent.click(button(document.body, /^查\s?询$/));
    await waitFor(() => expect(listed()).toBe(first + 1));
  });
});
