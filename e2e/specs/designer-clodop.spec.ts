/**
 * Printing from the label designer and the printer page (issue 4 "Done when", spec §4 "Printing",
 * §8 "Print control messages", §9 printer choice), as the warehouse account:
 *
 * - with a fake C-Lodop on 127.0.0.1:8000 (e2e/clodop-fake.ts): the printer page lists its
 *   printers, a choice is saved to local storage and the server and survives a reload and a new
 *   browser; Preview sends the expected job (PRINT_INITA, SET_PRINTER_INDEX, SET_PRINT_PAGESIZE,
 *   one ADD_PRINT_* per item, SET_PRINT_STYLEA, PREVIEW); test print sends PRINT to the chosen printer;
 * - with none: the not-installed message (download link, then reload) on the printer page, on
 *   Preview and on test print, and browser print (one page per label, `@page` at the paper size)
 *   and Download PDF still work.
 *
 * One file, serial: only one fake can hold port 8000, and the "none" tests need it stopped; the
 * file holds a machine-wide lock on the port for its whole run (see e2e/clodop-fake.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CLODOP_PORT, lockClodopPort, startClodopFake, type ClodopFake, type LodopCall } from '../clodop-fake';
import { api, loginViaApi, toast, type ApiSession } from '../helpers';

test.describe.configure({ mode: 'serial' });

const PRINTERS = ['Microsoft Print to PDF', 'GemQC 标签打印机 TSC-244'] as const;
const CHOSEN = PRINTERS[1];
const DOWNLOAD_URL = 'https://www.lodop.net/download.html';
const NOT_INSTALLED = '打印控件 C-Lodop 未安装，请下载安装后刷新页面。';

interface SampleRow {
  orderNo: string;
  buyerName: string;
  items: { itemName: string; mass: string }[];
}

/** 100 × 60 mm, one item of each type with known styles (the spec's template JSON). */
function jobTemplate(title: string) {
  const common = { isEdit: true, dragable: true, resizable: true, defaultValue: '' };
  return {
    title,
    width: 378,
    height: 227,
    pageWidth: 100,
    pageHeight: 60,
    imageUrl: '',
    tempItems: [
      {
        ...common, uuid: 'e2e0000001', type: 'braid-txt', name: 'orderNo', title: '单号', value: '单号：{orderNo}', left: 10, top: 8, width: 200, height: 24,
        style: { zIndex: 0, FontSize: 12, FontColor: '#112233', Bold: true, Italic: false, Underline: true, Alignment: 'center', ItemType: 0 },
        lodopStyle: { LetterSpacing: 1 },
      },
      {
        ...common, uuid: 'e2e0000002', type: 'bar-code', name: 'orderNo', title: '条码', value: '{orderNo}', left: 10, top: 40, width: 200, height: 50,
        style: { zIndex: 0, FontColor: '#000000', ShowBarText: false, codeType: '128Auto', ItemType: 0 },
      },
      {
        ...common, uuid: 'e2e0000003', type: 'braid-html', name: 'buyerName', title: 'HTML', value: '<b>{buyerName}</b>', left: 220, top: 8, width: 140, height: 40,
        style: { zIndex: 0, FontSize: 9, FontColor: '#000000', Bold: false, Italic: false, Underline: false, Alignment: 'left', ItemType: 0, AutoHeight: false, BottomMargin: 0 },
      },
      {
        ...common, uuid: 'e2e0000004', type: 'braid-table', name: 'items', title: '表格', value: '', left: 10, top: 100, width: 300, height: 60,
        columnsAttr: [{ name: '_seq', title: '序号' }, { name: 'itemName', title: '物品名称' }, { name: 'mass', title: '重量' }],
        columns: [{ name: '_seq', title: '序号' }, { name: 'itemName', title: '物品名称' }],
        selectCol: ['_seq', 'itemName'],
        style: { zIndex: 0, FontSize: 9, FontColor: '#000000', BorderColor: '#000000', Bold: false, Italic: false, Underline: false, Alignment: 'left', ItemType: 0, AutoHeight: false, BottomMargin: 0 },
      },
      {
        ...common, uuid: 'e2e0000005', type: 'braid-image', name: '', title: '图片', value: 'https://example.invalid/logo.png', left: 320, top: 100, width: 40, height: 40,
        style: { zIndex: 0, ItemType: 0 },
      },
    ],
  };
}

let session: ApiSession;
let templateId = '';
let templateTitle = '';
let sample: SampleRow;

async function must<T>(p: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const r = await p;
  expect(r.code, r.msg).toBe(1000);
  return r.data;
}

let releasePort: (() => void) | null = null;

test.beforeAll(async ({ browser }) => {
  // Another test run on this machine may be using C-Lodop's port: wait for our turn.
  test.setTimeout(210_000);
  releasePort = await lockClodopPort();
  // A session for API calls (the helpers share it with the other specs of the run).
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  session = await loginViaApi(page, 'qualityInspection', { path: '/QIconfig/template' });
  await ctx.close();
  templateTitle = `E2E 打印 ${Date.now().toString(36)}`;
  const saved = await must(api<{ id: string }>('POST', '/warehouse/v1/Template/save', { token: session.token, body: { name: templateTitle, kind: 'order_sheet', template: jobTemplate(templateTitle) } }));
  templateId = saved.id;
  sample = (await must(api<{ row: SampleRow }>('GET', '/warehouse/v1/Template/sample?kind=order_sheet', { token: session.token }))).row;
  expect(sample.items.length).toBeGreaterThan(0);
});

test.afterAll(() => {
  releasePort?.();
  releasePort = null;
});

/** Opens the designer of the test template and waits until it and the sample row are there. */
async function openDesigner(page: Page): Promise<void> {
  await loginViaApi(page, 'qualityInspection', { path: `/QIconfig/template?edit=${templateId}` });
  // the designer is a lazily loaded chunk: allow for a busy machine
  await expect(page.getByTestId('label-designer')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('designer-item')).toHaveCount(5);
  // the sample row (used by Preview and test print) is loaded once the field list shows it
  await page.locator('.tpl-fields .ant-collapse-header').click();
  await expect(page.locator('.tpl-fields')).toContainText(sample.orderNo);
}

const printerRow = (page: Page) => page.getByTestId('printer-row-base_printer');

async function localPrinterKeys(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => Object.fromEntries(['currentPrinterKey', 'base_printer', 'base_printer_name'].map((k) => [k, localStorage.getItem(k)])));
}

test.describe('with C-Lodop (fake on 127.0.0.1:8000)', () => {
  let fake: ClodopFake;
  test.beforeAll(async () => {
    fake = await startClodopFake({ printers: PRINTERS });
  });
  test.afterAll(async () => {
    await fake?.stop();
  });

  test('printer page lists the printers; the choice is saved locally and on the server and survives a reload', async ({ page }) => {
    await loginViaApi(page, 'qualityInspection', { path: '/QIconfig/printer' });
    const status = page.getByTestId('lodop-status');
    await expect(status).toHaveAttribute('data-state', 'ready');
    await expect(status).toContainText('C-Lodop 已连接（版本 6.6.0.3），本机共 2 台打印机');
    expect(fake.scriptLoads()).toBeGreaterThan(0);

    const row = printerRow(page);
    await row.getByTestId('printer-select-base_printer').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options).toHaveText([`1. ${PRINTERS[0]}`, `2. ${PRINTERS[1]}`]);
    await options.filter({ hasText: CHOSEN }).click();
    await row.getByRole('button', { name: /保\s*存/ }).click();
    await expect(toast(page, '已保存')).toBeVisible();
    await expect(row).toContainText(`服务器记录：${CHOSEN}`);

    const expectedKeys = { currentPrinterKey: 'base_printer', base_printer: '1', base_printer_name: CHOSEN };
    expect(await localPrinterKeys(page)).toEqual(expectedKeys);
    const server = await must(api<Record<string, { printer_name: string; printer_index: number | null } | null>>('GET', '/warehouse/v1/Printer/get', { token: session.token }));
    expect(server.base_printer).toMatchObject({ printer_name: CHOSEN, printer_index: 1 });

    await page.reload();
    await expect(page.getByTestId('lodop-status')).toHaveAttribute('data-state', 'ready');
    await expect(printerRow(page).getByTestId('printer-select-base_printer')).toContainText(`2. ${CHOSEN}`);
    await expect(printerRow(page)).toContainText(`服务器记录：${CHOSEN}`);
    expect(await localPrinterKeys(page)).toEqual(expectedKeys);

    // the test page goes to the chosen printer
    fake.clear();
    await printerRow(page).getByRole('button', { name: '打印测试页' }).click();
    const job = await fake.waitForJob('PRINT');
    await expect(toast(page, '测试页已发送到打印机')).toBeVisible();
    expect(job.map((c) => c.method)).toEqual(['PRINT_INITA', 'SET_PRINTER_INDEX', 'SET_PRINT_PAGESIZE', 'ADD_PRINT_TEXT', 'SET_PRINT_STYLEA', 'SET_PRINT_STYLEA', 'SET_PRINT_STYLEA', 'SET_PRINT_STYLEA', 'SET_PRINT_STYLEA', 'SET_PRINT_STYLEA', 'ADD_PRINT_TEXT', ...Array<string>(6).fill('SET_PRINT_STYLEA'), 'ADD_PRINT_TEXT', ...Array<string>(6).fill('SET_PRINT_STYLEA'), 'PRINT']);
    expect(job[0]?.args).toEqual([0, 0, 265, 189, 'GemQC 打印测试页']);
    expect(job[1]?.args).toEqual([CHOSEN]);
    expect(job[2]?.args).toEqual([1, '70mm', '50mm', '']);
  });

  test('a new browser gets the printer back from the server; Preview sends the expected job, test print sends PRINT to it', async ({ page }) => {
    const licence = await must(api<{ company_name: string; license: string; licenseA: string; licenseB: string }>('GET', '/warehouse/v1/Print/license', { token: session.token }));

    // fresh context: empty local storage; the printer page restores the server's choice
    await loginViaApi(page, 'qualityInspection', { path: '/QIconfig/printer' });
    await expect(page.getByTestId('lodop-status')).toHaveAttribute('data-state', 'ready');
    await expect(printerRow(page).getByTestId('printer-select-base_printer')).toContainText(`2. ${CHOSEN}`);
    await expect.poll(() => localPrinterKeys(page)).toEqual({ currentPrinterKey: 'base_printer', base_printer: '1', base_printer_name: CHOSEN });

    await openDesigner(page);
    fake.clear();
    await page.getByTestId('btn-preview').click();
    const job = await fake.waitForJob('PREVIEW');
    await expect(page.getByTestId('print-message')).toHaveCount(0);

    const calls: LodopCall[] = [...job];
    const next = (): LodopCall => {
      const c = calls.shift();
      if (!c) throw new Error('the job ended early');
      return c;
    };
    const expectCall = (method: string, args?: unknown[]): LodopCall => {
      const c = next();
      expect(c.method, `call ${job.length - calls.length} of ${JSON.stringify(job.map((x) => x.method))}`).toBe(method);
      if (args) expect(c.args).toEqual(args);
      return c;
    };
    if (licence.license) expectCall('SET_LICENSES', [licence.company_name, licence.license, licence.licenseA, licence.licenseB]);
    expectCall('PRINT_INITA', [0, 0, 378, 227, templateTitle]);
    expectCall('SET_PRINTER_INDEX', [CHOSEN]);
    expectCall('SET_PRINT_PAGESIZE', [1, '100mm', '60mm', '']);
    // text: bound value, then its styles as C-Lodop codes (Bold/Underline 1/0, center = 2), then lodopStyle
    expectCall('ADD_PRINT_TEXT', [8, 10, 200, 24, `单号：${sample.orderNo}`]);
    expectCall('SET_PRINT_STYLEA', [0, 'FontSize', 12]);
    expectCall('SET_PRINT_STYLEA', [0, 'FontColor', '#112233']);
    expectCall('SET_PRINT_STYLEA', [0, 'Bold', 1]);
    expectCall('SET_PRINT_STYLEA', [0, 'Italic', 0]);
    expectCall('SET_PRINT_STYLEA', [0, 'Underline', 1]);
    expectCall('SET_PRINT_STYLEA', [0, 'Alignment', 2]);
    expectCall('SET_PRINT_STYLEA', [0, 'LetterSpacing', 1]);
    // barcode with its code type
    expectCall('ADD_PRINT_BARCODE', [40, 10, 200, 50, '128Auto', sample.orderNo]);
    expectCall('SET_PRINT_STYLEA', [0, 'FontColor', '#000000']);
    expectCall('SET_PRINT_STYLEA', [0, 'ShowBarText', 0]);
    // html with the bound (escaped) data and the item's font
    const htm = expectCall('ADD_PRINT_HTM');
    expect(htm.args.slice(0, 4)).toEqual([8, 220, 140, 40]);
    expect(String(htm.args[4])).toContain(`<b>${sample.buyerName}</b>`);
    expect(String(htm.args[4])).toContain('font-size:9pt');
    // table: the chosen columns, one row per list entry, _seq numbered
    const table = expectCall('ADD_PRINT_TABLE');
    expect(table.args.slice(0, 4)).toEqual([100, 10, 300, 60]);
    const tableHtml = String(table.args[4]);
    expect(tableHtml).toContain('序号');
    expect(tableHtml).toContain('物品名称');
    expect(tableHtml).not.toContain('重量');
    for (const it of sample.items) expect(tableHtml).toContain(it.itemName);
    expect(tableHtml).toMatch(/>\s*1\s*</);
    // image: a picture on another host that the save could not store prints nothing (stored pictures only)
    expectCall('ADD_PRINT_IMAGE', [100, 320, 40, 40, '']);
    expectCall('SET_PRINT_STYLEA', [0, 'Stretch', 2]);
    expectCall('PREVIEW', []);
    expect(calls).toEqual([]);
    expect(job.filter((c) => c.method.startsWith('ADD_PRINT_'))).toHaveLength(5);

    // test print: the same template with the sample row, PRINT to the chosen printer
    fake.clear();
    await page.getByTestId('template-test-print').click();
    const printJob = await fake.waitForJob('PRINT');
    await expect(toast(page, '已发送到打印机')).toBeVisible();
    const methods = printJob.map((c) => c.method);
    expect(methods).toContain('SET_PRINTER_INDEX');
    expect(printJob.find((c) => c.method === 'SET_PRINTER_INDEX')?.args).toEqual([CHOSEN]);
    expect(methods.at(-1)).toBe('PRINT');
    expect(methods).not.toContain('PREVIEW');
    expect(methods.filter((m) => m.startsWith('ADD_PRINT_'))).toEqual(['ADD_PRINT_TEXT', 'ADD_PRINT_BARCODE', 'ADD_PRINT_HTM', 'ADD_PRINT_TABLE', 'ADD_PRINT_IMAGE']);
    // the in-page record agrees with what reached the fake
    const inPage = await page.evaluate(() => (window as unknown as { __lodopCalls: { method: string }[] }).__lodopCalls.map((c) => c.method));
    expect(inPage.slice(-methods.length)).toEqual(methods);
  });
});

// ---------------------------------------------------------------------------------------------

interface PrintRecord {
  html: string;
}

/** Records window.print() of the page and of its frames (the print iframe) instead of opening the dialog. */
async function recordPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type W = Window & { __e2ePrints?: { html: string }[]; __e2ePrintPatched?: boolean };
    const patch = (w: W): void => {
      if (w.__e2ePrintPatched) return;
      w.__e2ePrintPatched = true;
      w.print = () => {
        const top = window.top as W;
        (top.__e2ePrints ??= []).push({ html: w.document.documentElement.outerHTML });
      };
    };
    patch(window as W);
    const desc = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
    const get = desc?.get;
    if (get) {
      Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
        configurable: true,
        get(this: HTMLIFrameElement) {
          const w = get.call(this) as W | null;
          if (w) patch(w);
          return w;
        },
      });
    }
  });
}

async function prints(page: Page): Promise<PrintRecord[]> {
  return page.evaluate(() => (window as unknown as { __e2ePrints?: { html: string }[] }).__e2ePrints ?? []);
}

/** Pages of a PDF and their MediaBox sizes in pt. */
function pdfPages(bytes: Buffer): { count: number; boxes: number[][] } {
  const text = bytes.toString('latin1');
  const count = (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*([\d.\s-]+)\]/g)].map((m) => (m[1] ?? '').trim().split(/\s+/).map(Number));
  return { count, boxes };
}

const MM_TO_PT = 72 / 25.4;

/** The browser print document printed by Chromium itself: one page per label at the paper size. */
async function expectPrintDocument(browser: Browser, html: string, labels: number): Promise<void> {
  expect(html).toMatch(/@page\s*\{\s*size:\s*100mm 60mm;\s*margin:\s*0/);
  expect((html.match(/class="gq-sheet"/g) ?? []).length).toBe(labels);
  const ctx = await browser.newContext();
  try {
    const p = await ctx.newPage();
    await p.setContent(html);
    const pdf = await p.pdf({ preferCSSPageSize: true, printBackground: true });
    const { count, boxes } = pdfPages(pdf);
    expect(count).toBe(labels);
    // Chromium rounds the page size to its device pixels: within 1 pt (0.35 mm) of 100 × 60 mm.
    expect(boxes).toHaveLength(labels);
    for (const b of boxes) {
      expect(Math.abs((b[2] ?? 0) - 100 * MM_TO_PT)).toBeLessThan(1);
      expect(Math.abs((b[3] ?? 0) - 60 * MM_TO_PT)).toBeLessThan(1);
    }
  } finally {
    await ctx.close();
  }
}

/** 下载 PDF: a real PDF of one label at the paper size, its text searchable in an embedded font. */
async function expectPdfDownload(page: Page, click: () => Promise<void>, text: string, fileName?: string): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  if (fileName) expect(download.suggestedFilename()).toBe(fileName);
  const file = await download.path();
  expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(text);
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  expect(fonts.length).toBeGreaterThan(0);
  for (const line of fonts) expect(line).toMatch(/NotoSansSC.*\syes\s+(yes|no)\s+yes\s+\d+\s+\d+\s*$/);
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { count, boxes } = pdfPages(bytes);
  expect(count).toBe(1);
  expect(boxes[0]?.[2] ?? 0).toBeCloseTo(100 * MM_TO_PT, 1);
  expect(boxes[0]?.[3] ?? 0).toBeCloseTo(60 * MM_TO_PT, 1);
}

test.describe('without C-Lodop', () => {
  test.beforeEach(async () => {
    // Nothing may answer on C-Lodop's port here (a real C-Lodop, or a fake left running).
    const open = await fetch(`http://127.0.0.1:${CLODOP_PORT}/CLodopfuncs.js`).then(
      () => true,
      () => false,
    );
    expect(open, `something answers on 127.0.0.1:${CLODOP_PORT}; the "without C-Lodop" tests need it free`).toBe(false);
  });

  test('printer page shows the not-installed message with the download link, then reload', async ({ page }) => {
    await loginViaApi(page, 'qualityInspection', { path: '/QIconfig/printer' });
    const status = page.getByTestId('lodop-status');
    await expect(status).toHaveAttribute('data-state', 'not-installed');
    await expect(status).toContainText(NOT_INSTALLED);
    await expect(status.getByRole('link', { name: '下载 C-Lodop' })).toHaveAttribute('href', DOWNLOAD_URL);
    await expect(printerRow(page).locator('.ant-select')).toHaveClass(/ant-select-disabled/);
    // "then reload": the reload button reloads the page, which checks again
    await Promise.all([page.waitForEvent('load'), status.getByRole('button', { name: '刷新页面' }).click()]);
    await expect(page.getByTestId('lodop-status')).toHaveAttribute('data-state', 'not-installed');
  });

  test('Preview shows the not-installed message; browser print and Download PDF work', async ({ page, browser }) => {
    await recordPrints(page);
    await openDesigner(page);
    await page.getByTestId('btn-preview').click();
    const msg = page.getByTestId('print-message');
    await expect(msg).toHaveAttribute('data-state', 'not-installed');
    await expect(msg).toContainText(NOT_INSTALLED);
    await expect(msg.getByTestId('print-download')).toHaveAttribute('href', DOWNLOAD_URL);
    await expect(msg.getByTestId('print-reload')).toBeVisible();

    await msg.getByTestId('btn-browser-print').click();
    await expect.poll(async () => (await prints(page)).length).toBe(1);
    const [printed] = await prints(page);
    expect(printed?.html).toContain(`单号：${sample.orderNo}`);
    expect(printed?.html).toContain('<svg'); // the barcode, drawn by bwip-js
    await expectPrintDocument(browser, printed?.html ?? '', 1);

    await expectPdfDownload(page, () => msg.getByTestId('btn-download-pdf').click(), `单号：${sample.orderNo}`);
  });

  test('test print falls back to the browser: the message, browser print and PDF of the sample label', async ({ page, browser }) => {
    await recordPrints(page);
    await openDesigner(page);
    await page.getByTestId('template-test-print').click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('fallback-print') });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('lodop-status')).toHaveAttribute('data-state', 'not-installed');
    await expect(modal.getByTestId('lodop-status')).toContainText(NOT_INSTALLED);
    await expect(modal).toContainText(sample.buyerName);

    await modal.getByTestId('fallback-print').click();
    await expect.poll(async () => (await prints(page)).length).toBe(1);
    await expectPrintDocument(browser, (await prints(page))[0]?.html ?? '', 1);

    await expectPdfDownload(page, () => modal.getByTestId('fallback-pdf').click(), `单号：${sample.orderNo}`, `${templateTitle}.pdf`);
  });
});
