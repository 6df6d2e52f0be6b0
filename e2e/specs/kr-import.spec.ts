/**
 * kr-print-designer templates in the template list (issue 14): a kr file is imported through the
 * 导入 dialog (which lists what the import changed before saving), printed through the fake C-Lodop
 * (e2e/clodop-fake.ts) with kr's job semantics minus its bugs (the auto-height table first, items
 * below it linked and relative in top AND left, page size in mm), and exported again as kr's JSON.
 * Holds the machine-wide C-Lodop port lock for its run, like designer-clodop.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { lockClodopPort, startClodopFake, type ClodopFake } from '../clodop-fake';
import { api, expectShell, sharedApiSession, toast, writeSession, type ApiSession } from '../helpers';

test.describe.configure({ mode: 'serial' });

const FIXTURE = path.resolve(import.meta.dirname, '../../packages/label-designer/test/fixtures/kr/order-sheet.json');
const TITLE = '出库单（kr 旧版存档）';

let fake: ClodopFake;
let releasePort: (() => void) | null = null;
let session: ApiSession;
let templateId = '';

test.beforeAll(async () => {
  test.setTimeout(210_000);
  releasePort = await lockClodopPort();
  fake = await startClodopFake();
  session = await sharedApiSession('qualityInspection');
});

test.afterAll(async () => {
  await fake?.stop();
  releasePort?.();
});

test('import a kr file in the template list: the dialog lists what changed, then it is saved; 导出 gives kr JSON back; a bad file is refused with its reason; C-Lodop gets the expected job', async ({ page }) => {
  test.setTimeout(180_000);
  await writeSession(page, session);
  await page.goto('/QIconfig/template');
  // a cold first page on a busy machine can take longer than expectShell's own wait
  await page.locator('header.navbar').waitFor({ timeout: 60_000 });
  await expectShell(page);
  await page.getByTestId('template-import').click();
  const dialog = page.getByRole('dialog', { name: /导入模板/ });
  await dialog.locator('input[type=file]').setInputFiles(FIXTURE);
  await expect(page.getByTestId('kr-import-file-name')).toHaveText('order-sheet.json');
  const notes = page.getByTestId('kr-import-note');
  await expect(notes.first()).toBeVisible();
  await expect(page.getByTestId('kr-import-template')).toContainText(`${TITLE} · 7 个组件`);
  await expect(dialog).toContainText('isEdit 1 → true');
  await expect(dialog).toContainText('Alignment 2 → center');
  await expect(dialog).toContainText('isEidt、dynamic 不是 GemQC 使用的字段：原样保留，导出时写回');
  await expect(dialog).toContainText('kr 打印的是 defaultValue 中的 HTML');
  await page.getByTestId('kr-import-kind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '订单单据' }).click();
  await page.getByTestId('kr-import-ok').click();
  await expect(toast(page, '已导入 1 个模板')).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = await api<{ list: { id: string; name: string; kind: string; item_count: number }[] }>('GET', `/warehouse/v1/Template/list?keyword=${encodeURIComponent('kr 旧版存档')}&page=1&page_size=20`, { token: session.token });
  const row = list.data.list.find((r) => r.name === TITLE);
  expect(row).toMatchObject({ kind: 'order_sheet', item_count: 7 });
  templateId = row!.id;

  // 导出: kr JSON with the keys GemQC does not use, the sample rows and kr's html canvas text
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`template-export-${templateId}`).click()]);
  expect(download.suggestedFilename()).toBe(`${TITLE}.json`);
  const out = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(out).toMatchObject({ title: TITLE, pageWidth: 215, pageHeight: 140 });
  expect(out.tempItems[0]).toMatchObject({ isEidt: 1, dynamic: false, isEdit: true, style: { Bold: true, Alignment: 'center' } });
  expect(out.tempItems[3].defaultValue).toHaveLength(2);
  expect(out.tempItems[6]).toMatchObject({ value: '{第##页/共##页}', defaultValue: expect.stringContaining('tdata="pageNO"') });

  // a pasted file that cannot be kept says why, and 导入 stays off
  await page.getByTestId('template-import').click();
  const bad = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
  bad.tempItems[1].style.FontColor = 'red;background:url(//evil)';
  await page.getByTestId('kr-import-text').fill(JSON.stringify(bad));
  await expect(page.getByTestId('kr-import-issue')).toContainText('模板第 2 个组件的样式的字体颜色必须是 #rrggbb 形式的颜色');
  await expect(page.getByTestId('kr-import-ok')).toBeDisabled();
  // the imported template previews through C-Lodop: table first, the lines below it linked at the designed left
  await page.keyboard.press('Escape');
  await page.goto(`/QIconfig/template?edit=${templateId}`);
  await expect(page.getByTestId('label-designer')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('designer-item')).toHaveCount(7);
  fake.clear();
  await page.getByTestId('btn-preview').click();
  const job = await fake.waitForJob('PREVIEW');
  const calls = job.map((c) => [c.method, ...c.args]);
  const init = calls.findIndex((c) => c[0] === 'PRINT_INITA');
  expect(calls[init]).toEqual(['PRINT_INITA', 0, 0, 770, 500, TITLE]);
  expect(calls.find((c) => c[0] === 'SET_PRINT_PAGESIZE')).toEqual(['SET_PRINT_PAGESIZE', 1, '215mm', '140mm', '']);
  const adds = calls.filter((c) => String(c[0]).startsWith('ADD_PRINT_') || c[2] === 'LinkedItem');
  expect(adds[0]?.slice(0, 5)).toEqual(['ADD_PRINT_TABLE', 85, 30, 740, 'BottomMargin:10mm']);
  const sign = adds.findIndex((c) => c[5] === '客户签收：');
  expect(adds[sign]).toEqual(['ADD_PRINT_TEXT', 30, 500, 200, 20, '客户签收：']);
  expect(adds[sign + 1]).toEqual(['SET_PRINT_STYLEA', 0, 'LinkedItem', 1]);
  expect(String(adds.at(-1)?.[5])).toContain('<span tdata="pageNO">第##页</span>');
  expect(calls.at(-1)).toEqual(['PREVIEW']);
});
