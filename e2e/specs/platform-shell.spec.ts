/**
 * The public routes and the shell that every portal shares (spec §2 "Public routes" and "Shell",
 * §4 "Shell", §9): root and unknown paths, 404/401, document title, login page titles, page title
 * bar, breadcrumb, sidebar cookie, the mobile layout and the language switch.
 */
import { expect, test } from '@playwright/test';
import {
  HOME,
  LOGIN_PATH,
  LOGIN_TITLE,
  USER_TYPES,
  cookieValue,
  expectShell,
  loginViaApi,
  pageSettled,
  pickFromNavbarMenu,
  redirectQuery,
} from '../helpers';

test.describe('public routes', () => {
  test('/ goes to /trader: the trader login page when logged out, the trader home when signed in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL((u) => u.pathname === LOGIN_PATH.trader);
    expect(redirectQuery(page)).toBe('/trader');
    await expect(page.getByRole('heading', { name: LOGIN_TITLE.trader })).toBeVisible();

    await loginViaApi(page, 'trader');
    await page.goto('/');
    await expect(page).toHaveURL(HOME.trader);
    await page.goto('/trader');
    await expect(page).toHaveURL(HOME.trader);
  });

  test('unknown paths go to /404 (logged out and signed in); /404 and /401 render', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL((u) => u.pathname === '/404');
    await expect(page.locator('.error-page__code')).toHaveText('404');
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await expect(page).toHaveTitle('GemQC');

    await page.goto('/401');
    await expect(page).toHaveURL((u) => u.pathname === '/401');
    await expect(page.locator('.error-page__code')).toHaveText('401');
    await expect(page.getByText('抱歉，您无权访问该页面')).toBeVisible();
    // logged out, 返回首页 leads to a login page
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL((u) => u.pathname === LOGIN_PATH.trader);

    await loginViaApi(page, 'trader');
    await page.goto('/trader/order/nope');
    await expect(page).toHaveURL((u) => u.pathname === '/404');
    await page.goto('/manage/order/list');
    await expect(page).toHaveURL((u) => u.pathname === '/404');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(HOME.trader);
  });

  test('login pages: zh-CN titles, document title GemQC, links to the other portals, English on demand', async ({ page }) => {
    for (const t of USER_TYPES) {
      await page.goto(LOGIN_PATH[t]);
      await expect(page.getByRole('heading', { name: LOGIN_TITLE[t], exact: true })).toBeVisible();
      await expect(page).toHaveTitle('GemQC');
    }
    // the manager signs in by SMS code only; the warehouse by password only
    await expect(page.getByRole('tab')).toHaveCount(2); // base: password and SMS
    await page.goto(LOGIN_PATH.manage);
    await expect(page.getByLabel('验证码')).toBeVisible();
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
    await expect(page.getByLabel('密码', { exact: true })).toHaveCount(0);
    await page.goto(LOGIN_PATH.qualityInspection);
    await expect(page.getByLabel('密码', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);

    await page.goto(LOGIN_PATH.trader);
    for (const [label, t] of [['管理端', 'manage'], ['质检端', 'qualityInspection'], ['服务中心端', 'base']] as const) {
      await page.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(LOGIN_PATH[t]);
      await expect(page.getByRole('heading', { name: LOGIN_TITLE[t] })).toBeVisible();
      await page.goto(LOGIN_PATH.trader);
    }

    await page.getByLabel('语言').selectOption('en-US');
    await expect(page.getByRole('heading', { name: 'Merchant sign-in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});

test.describe('shell', () => {
  test('document title GemQC; the page title bar shows the route title', async ({ page }) => {
    await loginViaApi(page, 'trader');
    await expect(page).toHaveTitle('GemQC');
    await expect(page.locator('.page-title-bar')).toHaveText('检测管理');
    await page.goto('/trader/order/record');
    await expect(page.locator('.page-title-bar')).toHaveText('绑码记录');
    await expect(page).toHaveTitle('GemQC');
  });

  test('breadcrumb: matched titles separated by /, the last item and noRedirect items not clickable', async ({ page }) => {
    await loginViaApi(page, 'trader', { path: '/trader/order/record' });
    const crumb = page.locator('.app-breadcrumb');
    await expect(crumb).toHaveText(/^订单\s*\/\s*绑码记录$/);
    await expect(crumb.getByRole('link')).toHaveCount(1);
    await expect(crumb.getByRole('link', { name: '订单' })).toBeVisible();
    await expect(crumb.getByText('绑码记录')).not.toHaveAttribute('href');
    await crumb.getByRole('link', { name: '订单' }).click();
    await expect(page).toHaveURL(HOME.trader);
    await expect(crumb).toHaveText(/^订单\s*\/\s*检测管理$/);

    // the warehouse account group is noRedirect: no link at all
    await loginViaApi(page, 'qualityInspection', { path: '/qualityInspection/infoManage' });
    await expect(crumb).toHaveText(/^账号\s*\/\s*账号信息$/);
    await expect(crumb.getByRole('link')).toHaveCount(0);
  });

  test('sidebar toggle is remembered in cookie sidebarStatus', async ({ page }) => {
    await loginViaApi(page, 'trader');
    const hamburger = page.getByRole('button', { name: '展开/收起菜单' });
    const wrapper = page.locator('.app-wrapper');
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await expect(wrapper).toHaveClass(/openSidebar/);
    await expect(page.locator('.sidebar-container')).toHaveCSS('width', '210px');

    await hamburger.click();
    await expect(wrapper).toHaveClass(/hideSidebar/);
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    expect(await cookieValue(page, 'sidebarStatus')).toBe('0');

    await page.reload();
    await expectShell(page);
    await expect(wrapper).toHaveClass(/hideSidebar/);
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');

    await hamburger.click();
    await expect(wrapper).toHaveClass(/openSidebar/);
    expect(await cookieValue(page, 'sidebarStatus')).toBe('1');
    await page.reload();
    await expectShell(page);
    await expect(wrapper).toHaveClass(/openSidebar/);
  });

  test.describe('mobile layout (800×900)', () => {
    test.use({ viewport: { width: 800, height: 900 } });

    test('the sidebar is closed, opens as a drawer from the hamburger and closes on navigation', async ({ page }) => {
      await loginViaApi(page, 'trader');
      const wrapper = page.locator('.app-wrapper');
      const sidebar = page.locator('.sidebar-container');
      const hamburger = page.getByRole('button', { name: '展开/收起菜单' });
      await expect(wrapper).toHaveClass(/mobile/);
      await expect(wrapper).toHaveClass(/hideSidebar/);
      await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
      await expect(sidebar).not.toBeInViewport();
      await expect(page.locator('.app-breadcrumb')).toHaveCount(0);

      await hamburger.click();
      await expect(wrapper).toHaveClass(/openSidebar/);
      await expect(sidebar).toBeInViewport();
      await expect(page.locator('.drawer-bg')).toBeVisible();

      await sidebar.getByRole('menuitem', { name: '绑码记录', exact: true }).click();
      await expect(page).toHaveURL('/trader/order/record');
      await expect(wrapper).toHaveClass(/hideSidebar/);
      await expect(sidebar).not.toBeInViewport();
      await expect(page.locator('.drawer-bg')).toHaveCount(0);

      // a tap on the shade closes it as well
      await hamburger.click();
      await expect(sidebar).toBeInViewport();
      await page.locator('.drawer-bg').click({ position: { x: 700, y: 450 } });
      await expect(sidebar).not.toBeInViewport();
      await expect(page).toHaveURL('/trader/order/record');
    });
  });

  test('language switch: English changes the shell texts and is kept after a reload', async ({ page }) => {
    await loginViaApi(page, 'trader');
    await pageSettled(page);
    await pickFromNavbarMenu(page, '语言', 'English');

    const sidebar = page.locator('.sidebar-container');
    await expect(sidebar.getByRole('menuitem', { name: 'Orders' })).toBeVisible();
    await expect(sidebar.getByRole('menuitem', { name: 'Testing', exact: true })).toBeVisible();
    await expect(page.locator('.page-title-bar')).toHaveText('Testing');
    await expect(page.locator('.app-breadcrumb')).toHaveText(/^Orders\s*\/\s*Testing$/);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en-US');

    await page.reload();
    await expectShell(page);
    await expect(page.locator('.page-title-bar')).toHaveText('Testing');
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Notice');
    await expect(dialog.locator('.ant-modal-confirm-content')).toHaveText('Sign out now?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // and back to 简体中文
    await pickFromNavbarMenu(page, 'Language', '简体中文');
    await expect(page.locator('.page-title-bar')).toHaveText('检测管理');
    await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  });

  test('navbar dropdowns: the first entry can be clicked straight after opening the menu', async ({ page }) => {
    await loginViaApi(page, 'trader');
    await pageSettled(page);
    await pickFromNavbarMenu(page, '语言', 'English');
    await expect(page.locator('.page-title-bar')).toHaveText('Testing');
    // a user goes from the icon straight down to the first entry: the icon's tooltip must not cover it
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click({ timeout: 5_000 });
    await expect(page.locator('.page-title-bar')).toHaveText('检测管理');
  });
});
