import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditRow } from '@gemqc/contract';
import { useLocation } from 'react-router';
import { useUserStore } from '../../../session/user';
import i18n from '../../../i18n';
import { setUi } from '../../../lib/ui';
import { catchDownloads, fakeMessages, stubFetchWithFiles, urlsTo } from '../../../test/downloads';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import AuditLogPage from './AuditLogPage';

const LIST = '/warehouse/v1/Audit/list';
const EXPORT = '/warehouse/v1/Audit/export';
const PATH = '/qualityInspection/auditLog';

function Where() {
  return <div data-testid="where">{useLocation().search}</div>;
}
const routeAt = (path: string) => [
  {
    path,
    element: (
      <>
        <AuditLogPage />
        <Where />
      </>
    ),
  },
];

const row = (over: Partial<AuditRow> = {}): AuditRow => ({
  id: '1',
  // 04:05:06 UTC is 12:05:06 in China
  created_at: '2026-11-22T04:05:06.000Z',
  actor_type: 'qualityInspection',
  actor_id: '5',
  actor_name: '广州番禺检测中心 质检',
  actor_mobile: '139****0001',
  actor_role: '主账号',
  ip: '203.0.113.7',
  kind: 'fee_rule',
  kind_text: '检测费配置',
  action: 'update',
  action_text: '修改',
  object_id: '11',
  object_label: '翡翠',
  before: { inspection_fee: 3000, certificate_fee: 1500 },
  after: { inspection_fee: 3300, certificate_fee: 1500 },
  ...over,
});
const page = (list: AuditRow[], total = list.length) => ({ code: 1000, data: { list, total, page: 1, page_size: 20 } });

function signIn(userType: 'trader' | 'qualityInspection' | 'base' | 'manage', opts: { owner?: boolean; permissions?: string[] } = {}) {
  useUserStore.setState({
    user_type: userType,
    userInfo: {
      id: '7',
      user_type: userType,
      name: '广州番禺检测中心 质检',
      mobile: '13900000001',
      avatar: '',
      introduction: '',
      status_id: 1,
      is_owner: opts.owner ?? true,
      role_id: null,
      permissions: opts.permissions ?? [],
      org_id: '1',
      last_login_at: null,
    },
  });
}

const trOf = (text: string) => screen.getByText(text).closest('tr')!;
const changesOf = (tr: HTMLElement) => Array.from(tr.querySelectorAll('.audit-change')).map((e) => e.textContent);

describe('操作日志 page', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUi(null);
  });

  it('shows each change in words: China time, operator and portal, address, before → after with money in yuan', async () => {
    signIn('qualityInspection');
    stubApi({
      [LIST]: page([
        row(),
        row({
          id: '2',
          kind: 'role',
          kind_text: '角色',
          object_label: '入仓质检员',
          before: { name: '入仓质检员', description: '', permissions: ['warehouse.intake', 'fee.manage'] },
          after: { name: '入仓质检员', description: '', permissions: ['warehouse.intake', 'warehouse.ship'] },
        }),
        row({
          id: '3',
          kind: 'sub_account',
          kind_text: '子账号',
          action: 'enable',
          action_text: '启用',
          object_label: '质检员小李（13900000002）',
          before: { enabled: false },
          after: { enabled: true },
        }),
        row({
          id: '4',
          actor_type: 'manage',
          actor_name: '平台管理员',
          kind: 'balance',
          kind_text: '余额',
          action: 'top_up',
          action_text: '充值',
          object_label: '翠玉轩珠宝',
          before: { balance: 50000 },
          after: { balance: 60000, amount: 10000, note: '' },
        }),
        row({ id: '5', kind: 'sub_account', kind_text: '子账号', action: 'reset_password', action_text: '重置密码', object_label: '质检员小张（13900000003）', before: null, after: null }),
        row({ id: '6', action: 'delete', action_text: '删除', object_label: '翡翠 · 金福珠宝', before: { inspection_fee: 2000, certificate_fee: 1000 }, after: null }),
      ]),
    });
    renderAt(PATH, routeAt(PATH));

    const fee = (await screen.findByText('翡翠')).closest('tr')!;
    expect(fee.textContent).toContain('2026-11-22 12:05:06');
    expect(within(fee).getByText('广州番禺检测中心 质检')).toBeTruthy();
    expect(within(fee).getByText('质检端')).toBeTruthy();
    // who: the account's mobile (masked by the server) and role, and its id
    expect(within(fee).getByText('139****0001 · 主账号')).toBeTruthy();
    expect(within(fee).getByText('· 账号ID 5')).toBeTruthy();
    expect(within(fee).getByText('检测费配置')).toBeTruthy();
    expect(within(fee).getByText('修改')).toBeTruthy();
    expect(within(fee).getByText('203.0.113.7')).toBeTruthy();
    // only the field that changed; the certificate fee stayed ¥15.00
    expect(changesOf(fee)).toEqual(['检测费：¥30.00 → ¥33.00']);

    expect(changesOf(trOf('入仓质检员'))).toEqual(['权限：新增 warehouse.ship；移除 fee.manage']);
    expect(changesOf(trOf('质检员小李（13900000002）'))).toEqual(['启用：否 → 是']);
    const topUp = trOf('翠玉轩珠宝');
    expect(within(topUp).getByText('管理端')).toBeTruthy();
    // the amount was recorded after the change only: it stands alone
    expect(changesOf(topUp)).toEqual(['余额：¥500.00 → ¥600.00', '金额：¥100.00', '备注：—']);
    expect(within(trOf('质检员小张（13900000003）')).getByText('无字段变更')).toBeTruthy();
    const deleted = trOf('翡翠 · 金福珠宝');
    expect(changesOf(deleted)).toEqual(['检测费：¥20.00', '证书费：¥10.00']);
    expect(deleted.querySelectorAll('.audit-deleted')).toHaveLength(2);
  });

  it('turns the URL filters into the list query; 查询 sends the typed filters from page 1', async () => {
    signIn('qualityInspection');
    const fetch = stubApi({ [LIST]: page([row()], 45) });
    renderAt(`${PATH}?start_date=2026-11-01&end_date=2026-11-30&kind=role&actor=%E5%B0%8F%E6%9D%8E&page=2&kind2=x`, routeAt(PATH));
    expect(await screen.findByText('翡翠')).toBeTruthy();
    expect(Object.fromEntries(urlsTo(fetch, LIST)[0]!.searchParams)).toEqual({
      page: '2',
      page_size: '20',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      actor: '小李',
      kind: 'role',
    });
    // the form shows the URL's filters
    expect((screen.getByLabelText('操作人') as HTMLInputElement).value).toBe('小李');

    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: '  质检  ' } });
    fireEvent.change(screen.getByLabelText('对象'), { target: { value: 'JC2026' } });
    fireEvent.mouseDown(within(screen.getByTestId('audit-filters')).getAllByRole('combobox').find((c) => c.getAttribute('aria-label') === '类型')!);
    fireEvent.click(await screen.findByTitle('检测费配置'));
    fireEvent.click(screen.getByText(/^查\s*询$/).closest('button')!);
    await waitFor(() => expect(urlsTo(fetch, LIST).some((u) => u.searchParams.get('kind') === 'fee_rule')).toBe(true));
    const last = urlsTo(fetch, LIST).at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      page: '1',
      page_size: '20',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      actor: '质检',
      kind: 'fee_rule',
      object: 'JC2026',
    });
    expect(screen.getByTestId('where').textContent).toBe('?start_date=2026-11-01&end_date=2026-11-30&actor=%E8%B4%A8%E6%A3%80&kind=fee_rule&object=JC2026');
  });

  it('a filtered search without entries says nothing matches; 重置 clears the filters', async () => {
    signIn('qualityInspection');
    const fetch = stubApi({ [LIST]: page([]) });
    renderAt(`${PATH}?kind=balance`, routeAt(PATH));
    const none = await screen.findByTestId('list-no-match');
    expect(none.textContent).toContain('没有符合条件的操作记录');
    fireEvent.click(within(none).getByText(/^重\s?置$/).closest('button')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    await waitFor(() => expect(urlsTo(fetch, LIST).at(-1)!.searchParams.get('kind')).toBeNull());
    expect(await screen.findByText('暂无操作记录')).toBeTruthy();
  });

  it('sorts by 时间 on the server from its header: newest first, then oldest first, kept in the URL', async () => {
    signIn('qualityInspection');
    const fetch = stubApi({ [LIST]: page([row()]) });
    renderAt(`${PATH}?kind=fee_rule&page=2`, routeAt(PATH));
    expect(await screen.findByText('翡翠')).toBeTruthy();
    const header = () => screen.getByRole('columnheader', { name: /时间/ });
    fireEvent.click(header());
    await waitFor(() => expect(urlsTo(fetch, LIST).at(-1)!.searchParams.get('sort_order')).toBe('desc'));
    expect(Object.fromEntries(urlsTo(fetch, LIST).at(-1)!.searchParams)).toEqual({ kind: 'fee_rule', page: '1', page_size: '20', sort_by: 'created_at', sort_order: 'desc' });
    fireEvent.click(header());
    await waitFor(() => expect(urlsTo(fetch, LIST).at(-1)!.searchParams.get('sort_order')).toBe('asc'));
    expect(screen.getByTestId('where').textContent).toContain('sort_order=asc');
  });

  it('导出 downloads the export endpoint with the list’s filters, without paging', async () => {
    signIn('qualityInspection');
    const fetch = stubFetchWithFiles({ [LIST]: page([row()]) }, { [EXPORT]: '操作日志-20261122120506.xlsx' });
    const names = catchDownloads();
    const message = fakeMessages();
    renderAt(`${PATH}?kind=fee_rule&object=%E7%BF%A1%E7%BF%A0&page=3`, routeAt(PATH));
    expect(await screen.findByText('翡翠')).toBeTruthy();
    fireEvent.click(screen.getByText(/^导\s*出$/).closest('button')!);
    await waitFor(() => expect(names).toEqual(['操作日志-20261122120506.xlsx']));
    expect(Object.fromEntries(urlsTo(fetch, EXPORT)[0]!.searchParams)).toEqual({ kind: 'fee_rule', object: '翡翠' });
    expect(message.success).toHaveBeenCalledWith('已导出');
  });

  it.each([
    ['trader', '/merchant/v1/Audit/list'],
    ['base', '/center/v1/Audit/list'],
    ['manage', '/admin/v1/Audit/list'],
  ] as const)('the %s portal reads its own log (%s)', async (userType, list) => {
    signIn(userType);
    const fetch = stubApi({ [list]: page([row({ object_label: `对象 ${userType}` })]) });
    renderAt('/x/auditLog', routeAt('/x/auditLog'));
    expect(await screen.findByText(`对象 ${userType}`)).toBeTruthy();
    expect(urlsTo(fetch, list)).toHaveLength(1);
    expect(urlsTo(fetch, LIST)).toHaveLength(0);
  });

  it('a sub-account whose role lacks the portal’s audit permission gets 403 and no request; with it, the log', async () => {
    signIn('qualityInspection', { owner: false, permissions: ['center.audit.view', 'fee.view'] });
    const fetch = stubApi({ [LIST]: page([row()]) });
    renderAt(PATH, routeAt(PATH));
    expect(await screen.findByText('没有查看操作日志的权限，请联系主账号开通')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    cleanup();

    signIn('qualityInspection', { owner: false, permissions: ['warehouse.audit.view'] });
    renderAt(PATH, routeAt(PATH));
    expect(await screen.findByText('翡翠')).toBeTruthy();
  });

  it('in English: field names, values and words translated, money still in yuan', async () => {
    await i18n.changeLanguage('en-US');
    try {
      signIn('qualityInspection');
      stubApi({
        [LIST]: page([
          row(),
          row({ id: '3', kind: 'sub_account', kind_text: '子账号', action: 'enable', action_text: '启用', object_label: '质检员小李', before: { enabled: false }, after: { enabled: true } }),
          row({ id: '7', kind: 'inspection_result', kind_text: '检测结果', action: 'update', action_text: '修改', object_label: 'JC1 翡翠手镯', before: { result: 'pass', conclusion: '天然翡翠', mass: '12.5 g' }, after: { result: 'fail', conclusion: '处理翡翠', mass: '12.5 g' } }),
        ]),
      });
      renderAt(PATH, routeAt(PATH));
      const fee = (await screen.findByText('翡翠')).closest('tr')!;
      expect(changesOf(fee)).toEqual(['Inspection fee: ¥30.00 → ¥33.00']);
      expect(within(fee).getByText('Testing fee')).toBeTruthy();
      expect(within(fee).getByText('Changed')).toBeTruthy();
      expect(within(fee).getByText('Warehouse')).toBeTruthy();
      expect(changesOf(trOf('质检员小李'))).toEqual(['Enabled: No → Yes']);
      expect(changesOf(trOf('JC1 翡翠手镯'))).toEqual(['Result: Passed → Failed', 'Conclusion: 天然翡翠 → 处理翡翠']);
      expect(screen.getByRole('columnheader', { name: 'Changes' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});
