/**
 * Unsaved designer edits survive leaving the page through the menu: they are kept as a browser
 * draft and offered back (恢复 / 丢弃) when the template is opened again; saving clears the draft.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, loginViaApi } from '../helpers';

const items = (page: Page) => page.getByTestId('designer-page').getByTestId('designer-item');
/** How many items the browser draft of template `id` holds (none: no draft yet); the editor writes it after a short pause. */
const draftItems = (page: Page, id: string) =>
  page.evaluate((suffix) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('gemqc.templateDraft.') && k.endsWith(suffix));
    const draft = key ? (JSON.parse(localStorage.getItem(key)!) as { template?: { tempItems?: unknown[] } }) : null;
    return draft?.template?.tempItems?.length ?? null;
  }, `.${id}`);

test('edits left through the menu come back as a draft; 丢弃 and 保存 clear it', async ({ page }) => {
  test.setTimeout(90_000);
  const session = await loginViaApi(page, 'qualityInspection', { path: '/QIconfig/template' });
  // a template of its own, so parallel specs do not meet this one
  const created = await api<{ id: string }>('POST', '/warehouse/v1/Template/save', {
    token: session.token,
    body: { name: `E2E 草稿 ${Date.now().toString(36)}`, kind: 'certificate_label', template: { title: 'demo', width: 400, height: 300, pageWidth: 70, pageHeight: 50, imageUrl: '', tempItems: [] } },
  });
  expect(created.code, JSON.stringify(created)).toBe(1000);
  const url = `/QIconfig/template?edit=${created.data.id}`;
  await page.goto(url);
  // the designer is a lazy chunk of its own: its first load on a busy machine takes longer than a wait
  await expect(page.getByTestId('label-designer')).toBeVisible({ timeout: 30_000 });
  await expect(items(page)).toHaveCount(0);
  await expect(page.getByTestId('template-draft')).toHaveCount(0);

  await page.getByTestId('add-braid-txt').click();
  await expect(items(page)).toHaveCount(1);
  await expect.poll(() => draftItems(page, created.data.id)).toBe(1);
  await page.locator('.sidebar-container').getByText('打印机配置', { exact: true }).click();
  await expect(page).toHaveURL(/\/QIconfig\/printer/);

  await page.goto(url);
  await expect(page.getByTestId('template-draft')).toContainText('未保存的修改');
  await expect(items(page)).toHaveCount(0);
  await page.getByTestId('template-draft-restore').click();
  await expect(items(page)).toHaveCount(1);
  await page.getByTestId('btn-save').click();
  await expect(page.locator('.ant-message-notice', { hasText: '已保存' })).toBeVisible();

  // saved: no draft next time, and the item is in the template
  await page.goto(url);
  await expect(items(page)).toHaveCount(1);
  await expect(page.getByTestId('template-draft')).toHaveCount(0);

  // a draft that is discarded is gone for good
  await page.getByTestId('add-braid-txt').click();
  await expect.poll(() => draftItems(page, created.data.id)).toBe(2);
  await page.goto(url);
  await page.getByTestId('template-draft').getByRole('button', { name: /丢\s*弃/ }).click();
  await expect(page.getByTestId('template-draft')).toHaveCount(0);
  await page.goto(url);
  await expect(items(page)).toHaveCount(1);
  await expect(page.getByTestId('template-draft')).toHaveCount(0);
});
