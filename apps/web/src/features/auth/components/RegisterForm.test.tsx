import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TraderLoginPage from '../pages/TraderLoginPage';
import BaseLoginPage from '../pages/BaseLoginPage';
import ManageLoginPage from '../pages/ManageLoginPage';
import { useUserStore } from '../../../session/user';
import { renderLoginAt } from '../loginTestKit';
import { setUi } from '../../../lib/ui';

const merchantSession = {
  code: 1000,
  msg: 'success',
  data: {
    token: 'new-tok',
    userInfo: {
      id: '9', user_type: 'trader', name: '宝华珠宝', mobile: '13811112222', avatar: '', introduction: '', status_id: 1,
      is_owner: true, role_id: null, permissions: [], org_id: '9', last_login_at: null,
    },
    userInfoDetail: { total_balance: 0, merchant_name: '宝华珠宝' },
    centerInfo: null,
    center_shop_list: [],
  },
};
const smsOk = { code: 1000, msg: 'success', data: { resend_after: 60 } };
const optionsOk = { code: 1000, msg: 'success', data: { centers: [], gem_categories: [], order_statuses: [] } };

/** A fetch stub answering by path; every call is kept for the assertions. */
function stubApi(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string) => {
    const key = Object.keys(answers).find((k) => url.endsWith(k));
    return new Response(JSON.stringify(key ? answers[key] : { code: 1001, msg: `unexpected ${url}` }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function bodiesOf(fetchMock: ReturnType<typeof stubApi>, path: string): unknown[] {
  return (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([u]) => u === `/api${path}`).map(([, init]) => JSON.parse(init.body as string));
}

const message = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
beforeEach(() => {
  localStorage.clear();
  useUserStore.getState().clear();
  for (const fn of Object.values(message)) fn.mockClear();
  setUi({ message, confirm: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUi(null);
});

async function openMerchantForm() {
  await userEvent.click(screen.getByRole('button', { name: '没有账号？立即注册' }));
  // the form is a lazily loaded chunk: on a loaded CI machine it takes more than findBy's default second
  expect(await screen.findByRole('heading', { name: '商家注册' })).toBeInTheDocument();
}

async function openCentreForm() {
  await userEvent.click(screen.getByRole('button', { name: '服务中心入驻申请' }));
  expect(await screen.findByRole('heading', { name: '服务中心入驻申请' })).toBeInTheDocument();
}

/** 获取验证码 sends only the trimmed mobile, then counts down from 60 s once a second. */
async function getCode(fetchMock: ReturnType<typeof stubApi>, mobile: string) {
  await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  // the resend countdown starts at 60 s (role queries over antd's DOM are slow: a few seconds may pass)
  const countdown = await screen.findByRole('button', { name: /^\d+ 秒后重发$/ });
  const n = Number(countdown.textContent!.match(/\d+/)![0]);
  expect(n).toBeGreaterThan(50);
  expect(n).toBeLessThanOrEqual(60);
  expect(countdown).toBeDisabled();
  expect(bodiesOf(fetchMock, '/publics/v1/Sms/send')).toEqual([{ mobile }]);
  expect(message.success).toHaveBeenCalledWith('验证码已发送', 3);
}

describe('merchant registration on /trader/login', () => {
  it('registers with name, trimmed mobile, SMS code and password, is signed in like a login and follows the redirect', async () => {
    const fetchMock = stubApi({ '/Sms/send': smsOk, '/merchant/v1/User/register': merchantSession, '/merchant/v1/Common/options': optionsOk });
    renderLoginAt('/trader/login?redirect=/trader/order/record%3Fa%3D1', <TraderLoginPage />);
    await openMerchantForm();
    // the login form is gone from the card
    expect(screen.queryByRole('button', { name: '登录' })).toBeNull();
    await userEvent.type(screen.getByLabelText('商家名称'), '宝华珠宝');
    await userEvent.type(screen.getByLabelText('手机号'), ' 13811112222 ');
    await getCode(fetchMock, '13811112222');
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.type(screen.getByLabelText('密码'), 'Secret@123');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Secret@123{Enter}');

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/trader/order/record?a=1'));
    expect(bodiesOf(fetchMock, '/merchant/v1/User/register')).toEqual([
      { mobile: '13811112222', verify_code: '123456', password: 'Secret@123', name: '宝华珠宝' },
    ]);
    expect(localStorage.getItem('token')).toBe('new-tok');
    expect(localStorage.getItem('user_type')).toBe('trader');
    expect(localStorage.getItem('role')).toBe('trader');
    expect(useUserStore.getState()).toMatchObject({ roles: ['admin'], balance: 0, name: '宝华珠宝' });
    expect(message.success).toHaveBeenCalledWith('注册成功', 3);
    await waitFor(() => expect(localStorage.getItem('selectOptions')).not.toBeNull());
  });

  it('goes home when there is no redirect query', async () => {
    stubApi({ '/merchant/v1/User/register': merchantSession, '/merchant/v1/Common/options': optionsOk });
    renderLoginAt('/trader/login', <TraderLoginPage />);
    await openMerchantForm();
    await userEvent.type(screen.getByLabelText('商家名称'), '宝华珠宝');
    await userEvent.type(screen.getByLabelText('手机号'), '13811112222');
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.type(screen.getByLabelText('密码'), 'Secret@123');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Secret@123');
    await userEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/trader/order/list'));
  });

  it('refuses a confirm that does not match and empty fields, with the contract messages, without a call', async () => {
    const fetchMock = stubApi({});
    renderLoginAt('/trader/login', <TraderLoginPage />);
    await openMerchantForm();
    await userEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('请输入商家名称')).toBeInTheDocument();
    // each field's check settles on its own: under load one message can come a moment after another
    for (const msg of ['请输入手机号', '请输入短信验证码', '请输入密码', '请再次输入密码']) expect(await screen.findByText(msg)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('商家名称'), '宝华珠宝');
    await userEvent.type(screen.getByLabelText('手机号'), '1381111');
    await userEvent.type(screen.getByLabelText('验证码'), '12345');
    await userEvent.type(screen.getByLabelText('密码'), '12345');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Secret@124{Enter}');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(screen.getByText('请输入正确的11位手机号')).toBeInTheDocument();
    expect(screen.getByText('验证码为6位数字')).toBeInTheDocument();
    expect(screen.getByText('密码至少6位')).toBeInTheDocument();

    // a fixed password still differs from the confirm
    await userEvent.clear(screen.getByLabelText('密码'));
    await userEvent.type(screen.getByLabelText('密码'), 'Secret@123{Enter}');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('密码至少6位')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's 1001 message as the request layer does and stays on the form", async () => {
    stubApi({ '/merchant/v1/User/register': { code: 1001, msg: '该手机号已注册，请直接登录', data: null } });
    renderLoginAt('/trader/login', <TraderLoginPage />);
    await openMerchantForm();
    await userEvent.type(screen.getByLabelText('商家名称'), '翠玉轩珠宝');
    await userEvent.type(screen.getByLabelText('手机号'), '13800000001');
    await userEvent.type(screen.getByLabelText('验证码'), '123456');
    await userEvent.type(screen.getByLabelText('密码'), 'Secret@123');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Secret@123{Enter}');
    await waitFor(() => expect(message.error).toHaveBeenCalledWith('该手机号已注册，请直接登录', 3));
    expect(message.error).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: '商家注册' })).toBeInTheDocument();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('获取验证码 checks the mobile first, then counts down 60 s', async () => {
    const fetchMock = stubApi({ '/Sms/send': smsOk });
    renderLoginAt('/trader/login', <TraderLoginPage />);
    await openMerchantForm();
    await userEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('手机号'), '13811112222 ');
    await getCode(fetchMock, '13811112222');
    // later it reads less, still disabled (how many seconds have passed depends on the machine)
    const before = Number(screen.getByRole('button', { name: /秒后重发$/ }).textContent!.match(/\d+/)![0]);
    await waitFor(() => {
      const button = screen.getByRole('button', { name: /^\d+ 秒后重发$/ });
      expect(Number(button.textContent!.match(/\d+/)![0])).toBeLessThan(before);
      expect(button).toBeDisabled();
    });
  });

  it('「已有账号？去登录」 switches the card back to the login form', async () => {
    stubApi({});
    renderLoginAt('/trader/login', <TraderLoginPage />);
    await openMerchantForm();
    await userEvent.click(screen.getByRole('button', { name: '已有账号？去登录' }));
    expect(screen.getByRole('heading', { name: '商家端登录' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });
});

describe('service-centre application on /base/login', () => {
  async function fillCentre() {
    await userEvent.type(screen.getByLabelText('服务中心名称'), ' 东莞长安检测中心 ');
    await userEvent.type(screen.getByLabelText('服务中心地址'), '广东省东莞市长安镇宝石路 8 号');
    await userEvent.type(screen.getByLabelText('联系人'), '陈经理');
    await userEvent.type(screen.getByLabelText('手机号'), ' 17711112222');
  }

  it('sends the application and shows the pending result, then goes back to the login form', async () => {
    const fetchMock = stubApi({ '/Sms/send': smsOk, '/center/v1/User/register': { code: 1000, msg: 'success', data: { id: '7', status_id: 0 } } });
    renderLoginAt('/base/login', <BaseLoginPage />);
    await openCentreForm();
    await fillCentre();
    await getCode(fetchMock, '17711112222');
    await userEvent.type(screen.getByLabelText('验证码'), '654321');
    await userEvent.type(screen.getByLabelText('密码'), 'Centre@123');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Centre@123{Enter}');

    expect(await screen.findByText('入驻申请已提交，请等待平台审核')).toBeInTheDocument();
    expect(screen.getByText(/17711112222/)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/center/v1/User/register')).toEqual([
      {
        mobile: '17711112222',
        verify_code: '654321',
        password: 'Centre@123',
        name: '陈经理',
        center_name: '东莞长安检测中心',
        center_address: '广东省东莞市长安镇宝石路 8 号',
      },
    ]);
    // not signed in: the account waits for a manager
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '返回登录' }));
    expect(screen.getByRole('heading', { name: '服务中心端登录' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '服务中心入驻申请' })).toBeInTheDocument();
  });

  it('asks for every field the contract requires (the contact in its own words) and a matching confirm', async () => {
    const fetchMock = stubApi({});
    renderLoginAt('/base/login', <BaseLoginPage />);
    await openCentreForm();
    await userEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('请输入服务中心名称')).toBeInTheDocument();
    expect(screen.getByText('请输入服务中心地址')).toBeInTheDocument();
    expect(screen.getByText('请输入联系人姓名')).toBeInTheDocument();
    expect(screen.getByText('请输入手机号')).toBeInTheDocument();
    await fillCentre();
    await userEvent.type(screen.getByLabelText('验证码'), '654321');
    await userEvent.type(screen.getByLabelText('密码'), 'Centre@123');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Centre@321{Enter}');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    // the fixed fields lose their messages (antd lets them fade out)
    await waitFor(() => expect(screen.queryByText('请输入联系人姓名')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's 1001 message (a pending application) and keeps the form", async () => {
    stubApi({ '/center/v1/User/register': { code: 1001, msg: '服务中心入驻申请审核中，请勿重复提交', data: null } });
    renderLoginAt('/base/login', <BaseLoginPage />);
    await openCentreForm();
    await fillCentre();
    await userEvent.type(screen.getByLabelText('验证码'), '654321');
    await userEvent.type(screen.getByLabelText('密码'), 'Centre@123');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Centre@123{Enter}');
    await waitFor(() => expect(message.error).toHaveBeenCalledWith('服务中心入驻申请审核中，请勿重复提交', 3));
    expect(screen.queryByText('入驻申请已提交，请等待平台审核')).toBeNull();
    expect(screen.getByRole('button', { name: '提交申请' })).toBeInTheDocument();
  });

  it('获取验证码 on the application form sends only the mobile and counts down', async () => {
    const fetchMock = stubApi({ '/Sms/send': smsOk });
    renderLoginAt('/base/login', <BaseLoginPage />);
    await openCentreForm();
    await userEvent.type(screen.getByLabelText('手机号'), '17711112222');
    await getCode(fetchMock, '17711112222');
  });
});

describe('registration entry', () => {
  it('is not offered where nobody registers (the manager login page)', () => {
    renderLoginAt('/manage/login', <ManageLoginPage />);
    expect(screen.getByRole('heading', { name: '管理端登录' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /注册|入驻/ })).toBeNull();
  });

  it('speaks English when the page does', async () => {
    const { default: i18n } = await import('../../../i18n');
    await i18n.changeLanguage('en-US');
    try {
      stubApi({});
      renderLoginAt('/trader/login', <TraderLoginPage />);
      await userEvent.click(screen.getByRole('button', { name: 'No account? Sign up' }));
      const card = await screen.findByRole('heading', { name: 'Merchant sign-up' });
      expect(within(card.parentElement!).getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
      expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});
