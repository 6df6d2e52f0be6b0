/**
 * The label-template designer end to end (issue 4 "Done when", spec §2 "Template designer screen",
 * §4 "Designer", §5, §9 "Designer defaults"), as the warehouse account: create a template from the
 * list, add the five item types (the table through its column popover), select / deselect, drag
 * (movement divided by the zoom), the clamps (position ≥ 0, size ≥ 10), arrow keys (1, Shift 10,
 * left/up only while nonzero, not while typing), delete ignored with nothing selected, undo / redo,
 * save, reload → the same template, compared with the server's detail endpoint.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, loginViaApi, toast, type ApiSession } from '../helpers';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface CanvasItem extends Box {
  uuid: string;
  type: string;
}

interface SavedItem extends Box {
  uuid: string;
  type: string;
  value: string;
  name: string;
  columns?: { name: string; title: string }[];
  selectCol?: string[];
  style: Record<string, unknown>;
}

interface SavedTemplate {
  id: string;
  name: string;
  version: number;
  template: { title: string; width: number; height: number; pageWidth: number; pageHeight: number; tempItems: SavedItem[] };
}

const ITEM_TYPES = ['braid-txt', 'bar-code', 'braid-html', 'braid-table', 'braid-image'] as const;
type ItemType = (typeof ITEM_TYPES)[number];

/** Where each added item is put (through the panel's left/top inputs) so none overlaps another. */
const LAYOUT: Record<ItemType, { left: number; top: number }> = {
  'braid-txt': { left: 20, top: 20 },
  'bar-code': { left: 200, top: 20 },
  'braid-html': { left: 20, top: 120 },
  'braid-table': { left: 260, top: 120 },
  'braid-image': { left: 20, top: 220 },
};

/** The spec's default sizes (spec §3 "Item types"; the package's defaults for the others). */
const DEFAULT_SIZE: Record<ItemType, { width: number; height: number }> = {
  'braid-txt': { width: 120, height: 40 },
  'bar-code': { width: 160, height: 60 },
  'braid-html': { width: 200, height: 60 },
  'braid-table': { width: 240, height: 60 },
  'braid-image': { width: 100, height: 100 },
};

const designer = (page: Page) => page.getByTestId('label-designer');
const canvasPage = (page: Page) => page.getByTestId('designer-page');
const items = (page: Page) => page.getByTestId('designer-item');
const item = (page: Page, uuid: string) => page.locator(`[data-testid="designer-item"][data-uuid="${uuid}"]`);

/** Every item on the canvas, in template order, as the DOM places it (px of the unscaled page). */
async function canvasItems(page: Page): Promise<CanvasItem[]> {
  return items(page).evaluateAll((nodes) =>
    nodes.map((n) => {
      const el = n as HTMLElement;
      return {
        uuid: el.dataset.uuid ?? '',
        type: el.dataset.type ?? '',
        left: parseFloat(el.style.left),
        top: parseFloat(el.style.top),
        width: parseFloat(el.style.width),
        height: parseFloat(el.style.height),
      };
    }),
  );
}

async function boxOf(page: Page, uuid: string): Promise<Box> {
  return item(page, uuid).evaluate((n) => {
    const el = n as HTMLElement;
    return { left: parseFloat(el.style.left), top: parseFloat(el.style.top), width: parseFloat(el.style.width), height: parseFloat(el.style.height) };
  });
}

async function expectBox(page: Page, uuid: string, box: Partial<Box>): Promise<void> {
  await expect.poll(() => boxOf(page, uuid)).toMatchObject(box);
}

/** The selected uuids (data-selected="true"). */
async function selectedIds(page: Page): Promise<string[]> {
  return page.locator('[data-testid="designer-item"][data-selected="true"]').evaluateAll((ns) => ns.map((n) => (n as HTMLElement).dataset.uuid ?? ''));
}

async function center(loc: Locator): Promise<{ x: number; y: number }> {
  const b = await loc.boundingBox();
  if (!b) throw new Error('element has no box');
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Presses at `from`, moves by (dx, dy) in screen px in a few steps, releases. Alt turns snapping off. */
async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number, opts: { alt?: boolean } = {}): Promise<void> {
  if (opts.alt) await page.keyboard.down('Alt');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 4 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 4 });
  await page.mouse.up();
  if (opts.alt) await page.keyboard.up('Alt');
}

/** Clicks an empty spot of the page (far right/bottom, where no item is laid out). */
async function clickEmpty(page: Page): Promise<void> {
  const b = await canvasPage(page).boundingBox();
  if (!b) throw new Error('designer page has no box');
  await page.mouse.click(b.x + 700, b.y + 420);
}

async function detail(s: ApiSession, id: string): Promise<SavedTemplate> {
  const r = await api<SavedTemplate>('GET', `/warehouse/v1/Template/detail?id=${encodeURIComponent(id)}`, { token: s.token });
  expect(r.code, r.msg).toBe(1000);
  return r.data;
}

test('designer: add the five item types, drag, resize, arrows, clamps, undo/redo, save and reload', async ({ page }) => {
  const session = await loginViaApi(page, 'qualityInspection', { path: '/QIconfig/template' });

  // --- a new order-sheet template from the list (default page size; the list field 'items' feeds tables)
  const name = `E2E 设计器 ${Date.now().toString(36)}`;
  await page.getByTestId('template-new').click();
  const modal = page.locator('.ant-modal').filter({ hasText: '模板类型' });
  await expect(modal).toBeVisible();
  await modal.getByTestId('new-template-kind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '订单单据' }).click();
  await modal.getByTestId('new-template-name').fill(name);
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/QIconfig\/template\?edit=\d+$/);
  const id = new URL(page.url()).searchParams.get('edit') ?? '';
  // the designer is a lazily loaded chunk: allow for a busy machine
  await expect(designer(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('zoom-input')).toHaveValue('100');
  await expect(canvasPage(page)).toHaveCSS('width', '750px'); // the designer's default page (spec §3: 750 × 550)
  await expect(items(page)).toHaveCount(0);
  await expect(page.getByTestId('style-empty')).toBeVisible();

  // --- add each item type; each is appended, gets a new 10-hex uuid and is selected
  const uuids = {} as Record<ItemType, string>;
  for (const [i, type] of ITEM_TYPES.entries()) {
    await page.getByTestId(`add-${type}`).click();
    if (type === 'braid-table') {
      const pop = page.getByTestId('table-popover');
      await expect(pop).toBeVisible();
      await expect(items(page)).toHaveCount(i); // nothing added before the columns are confirmed
      await expect(pop.getByTestId('table-confirm')).toBeDisabled();
      await pop.getByTestId('table-col-_seq').check();
      await pop.getByTestId('table-col-itemName').check();
      await pop.getByTestId('table-col-mass').check();
      await pop.getByTestId('table-confirm').click();
      await expect(pop).toBeHidden();
    }
    await expect(items(page)).toHaveCount(i + 1);
    const added = items(page).nth(i);
    await expect(added).toHaveAttribute('data-type', type);
    await expect(added).toHaveAttribute('data-selected', 'true');
    const uuid = (await added.getAttribute('data-uuid')) ?? '';
    expect(uuid).toMatch(/^[0-9a-f]{10}$/);
    expect(Object.values(uuids)).not.toContain(uuid);
    uuids[type] = uuid;
    await expect.poll(() => selectedIds(page)).toEqual([uuid]);
    await expect(page.getByTestId('style-form')).toHaveAttribute('data-uuid', uuid);
    await expectBox(page, uuid, DEFAULT_SIZE[type]);
    // lay it out through the panel's number inputs
    await page.getByTestId('item-left').fill(String(LAYOUT[type].left));
    await page.getByTestId('item-top').fill(String(LAYOUT[type].top));
    await expectBox(page, uuid, LAYOUT[type]);
  }
  await expect(page.getByTestId('added-item')).toHaveCount(5);
  await expect(page.getByTestId('item-columns')).toHaveCount(0); // the image is selected, not the table

  // --- click an empty area: back to page level
  await clickEmpty(page);
  await expect.poll(() => selectedIds(page)).toEqual([]);
  await expect(page.getByTestId('style-empty')).toBeVisible();
  await expect(page.getByTestId('resize-handle')).toHaveCount(0);

  // --- click selects; drag moves by the mouse delta at zoom 100 (Alt: no snapping)
  const txt = uuids['braid-txt'];
  await item(page, txt).click();
  await expect.poll(() => selectedIds(page)).toEqual([txt]);
  await drag(page, await center(item(page, txt)), 37, 23, { alt: true });
  await expectBox(page, txt, { left: 57, top: 43, width: 120, height: 40 });
  await expect(page.getByTestId('item-left')).toHaveValue('57');
  await expect(page.getByTestId('item-top')).toHaveValue('43');

  // --- movement is divided by the zoom: 40 × 20 screen px at 200 % move 20 × 10
  const html = uuids['braid-html'];
  await page.getByTestId('zoom-input').fill('200');
  await expect(canvasPage(page)).toHaveCSS('transform', 'matrix(2, 0, 0, 2, 0, 0)');
  await drag(page, await center(item(page, html)), 40, 20, { alt: true });
  await expectBox(page, html, { left: 40, top: 130 });
  await page.getByTestId('zoom-input').fill('100');
  await expect(canvasPage(page)).not.toHaveCSS('transform', 'matrix(2, 0, 0, 2, 0, 0)');

  // --- drag toward negative: clamped at 0
  await drag(page, await center(item(page, txt)), -120, -90, { alt: true });
  await expectBox(page, txt, { left: 0, top: 0, width: 120, height: 40 });

  // --- resize to tiny: clamped at 10
  await item(page, txt).click();
  const handle = item(page, txt).getByTestId('resize-handle');
  await expect(handle).toBeVisible();
  await drag(page, await center(handle), -150, -80);
  await expectBox(page, txt, { left: 0, top: 0, width: 10, height: 10 });

  // --- undo / redo of the resize (Ctrl+Z / Ctrl+Shift+Z and the toolbar buttons)
  await page.keyboard.press('Control+z');
  await expectBox(page, txt, { width: 120, height: 40 });
  await expect(page.getByTestId('btn-redo')).toBeEnabled();
  await page.keyboard.press('Control+Shift+z');
  await expectBox(page, txt, { width: 10, height: 10 });
  await expect(page.getByTestId('btn-redo')).toBeDisabled();
  await page.getByTestId('btn-undo').click();
  await expectBox(page, txt, { width: 120, height: 40 });
  await page.getByTestId('btn-redo').click();
  await expectBox(page, txt, { width: 10, height: 10 });

  // --- arrow keys: left/up at 0 do nothing, right/down by 1, Shift by 10
  await item(page, txt).click();
  await expect.poll(() => selectedIds(page)).toEqual([txt]);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expectBox(page, txt, { left: 0, top: 0 });
  await page.keyboard.press('ArrowRight');
  await expectBox(page, txt, { left: 1, top: 0 });
  await page.keyboard.press('ArrowDown');
  await expectBox(page, txt, { left: 1, top: 1 });
  await page.keyboard.press('Shift+ArrowRight');
  await expectBox(page, txt, { left: 11, top: 1 });
  await page.keyboard.press('Shift+ArrowDown');
  await expectBox(page, txt, { left: 11, top: 11 });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expectBox(page, txt, { left: 10, top: 10 });
  // not while typing in an input: the caret moves, the item does not
  await page.getByTestId('item-title').click();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await expectBox(page, txt, { left: 10, top: 10 });
  // … and a later key on the canvas shows nothing moved it meanwhile
  await item(page, txt).click();
  await page.keyboard.press('ArrowRight');
  await expectBox(page, txt, { left: 11, top: 10 });

  // --- delete with nothing selected is ignored; with a selection it deletes and deselects; undo brings it back
  await clickEmpty(page);
  await expect.poll(() => selectedIds(page)).toEqual([]);
  await expect(page.getByTestId('btn-delete')).toBeDisabled();
  await page.keyboard.press('Delete');
  await expect(items(page)).toHaveCount(5);
  const bar = uuids['bar-code'];
  await item(page, bar).click();
  await page.keyboard.press('Delete');
  await expect(items(page)).toHaveCount(4);
  await expect(item(page, bar)).toHaveCount(0);
  await expect.poll(() => selectedIds(page)).toEqual([]);
  await page.keyboard.press('Control+z');
  await expect(items(page)).toHaveCount(5);
  await expectBox(page, bar, { left: 200, top: 20, width: 160, height: 60 });
  await page.keyboard.press('Control+Shift+z');
  await expect(items(page)).toHaveCount(4);
  await page.keyboard.press('Control+z');
  await expect(items(page)).toHaveCount(5);
  expect((await canvasItems(page)).map((i) => i.uuid)).toEqual(ITEM_TYPES.map((t) => uuids[t]));

  // --- save, then the server holds exactly what the canvas shows
  const before = await canvasItems(page);
  await page.getByTestId('btn-save').click();
  await expect(toast(page, '已保存（版本 2）')).toBeVisible();
  const saved = await detail(session, id);
  expect(saved.version).toBe(2);
  expect(saved.template.tempItems.map(({ uuid, type, left, top, width, height }) => ({ uuid, type, left, top, width, height }))).toEqual(before);
  const savedTable = saved.template.tempItems.find((i) => i.type === 'braid-table');
  expect(savedTable?.name).toBe('items');
  expect(savedTable?.selectCol).toEqual(['_seq', 'itemName', 'mass']);
  expect(savedTable?.columns?.map((c) => c.name)).toEqual(['_seq', 'itemName', 'mass']);
  expect(saved.template.tempItems.find((i) => i.type === 'bar-code')).toMatchObject({ value: '1234567890', style: { codeType: 'Code39' } });
  expect(saved.template.tempItems.find((i) => i.type === 'braid-txt')).toMatchObject({ value: 'custom text', style: { FontSize: 9 } });

  // --- reload: the same template comes back
  await page.reload();
  await expect(designer(page)).toBeVisible({ timeout: 30_000 });
  await expect(items(page)).toHaveCount(5);
  await expect.poll(() => canvasItems(page)).toEqual(before);
  await expect.poll(() => selectedIds(page)).toEqual([]);
  expect((await detail(session, id)).template).toEqual(saved.template);
});
