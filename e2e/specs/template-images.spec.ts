/**
 * Pictures on another host in an imported kr template (issue 24): the server fetches them at save
 * and stores them with the template; one it may not or cannot fetch (here: addresses inside the
 * network, refused by the SSRF guard) leaves the template saved, and the dialog names the picture
 * and says why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, expectShell, sharedApiSession, toast, writeSession } from '../helpers';

const FIXTURE = path.resolve(import.meta.dirname, '../../packages/label-designer/test/fixtures/kr/order-sheet.json');

test('a kr import with pictures on hosts the server may not reach is saved, with a warning naming each picture', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await sharedApiSession('qualityInspection');
  const title = `带外链图片的出库单 ${Date.now().toString(36)}`;
  const kr = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
  kr.title = title;
  kr.imageUrl = 'http://127.0.0.1:9/background.png';
  kr.tempItems.push({ ...kr.tempItems[1], uuid: 'e2eimg0001', type: 'braid-image', title: '公司印章', value: 'http://10.255.255.1/stamp.png', defaultValue: '' });
  await writeSession(page, session);
  await page.goto('/QIconfig/template');
  await page.locator('header.navbar').waitFor();
  await expectShell(page);
  await page.getByTestId('template-import').click();
  await page.getByTestId('kr-import-text').fill(JSON.stringify(kr));
  await expect(page.getByTestId('kr-import-template')).toContainText(title);
  await page.getByTestId('kr-import-ok').click();
  await expect(toast(page, '已导入 1 个模板')).toBeVisible();
  const warnings = page.getByTestId('template-image-warnings');
  await expect(warnings).toBeVisible();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('模板已保存，但有图片没能存到系统里');
  await expect(warnings.locator('li')).toHaveCount(2);
  await expect(warnings.locator('li').nth(0)).toContainText('背景图的图片（http://127.0.0.1:9/background.png）未能保存：链接指向内网或本机地址，出于安全不下载');
  await expect(warnings.locator('li').nth(1)).toContainText('图片组件「公司印章」的图片（http://10.255.255.1/stamp.png）未能保存');
  if (process.env.GQ_SHOTS) {
    await page.screenshot({ path: path.join(process.env.GQ_SHOTS, `image-warnings-${page.viewportSize()?.width ?? 0}.png`) });
  }
  await page.locator('.ant-modal-confirm-btns button').click();
  await expect(warnings).toBeHidden();
  const list = await api<{ list: { name: string }[] }>('GET', `/warehouse/v1/Template/list?keyword=${encodeURIComponent(title)}&page=1&page_size=20`, { token: session.token });
  expect(list.data.list.map((r) => r.name)).toEqual([title]);
});
