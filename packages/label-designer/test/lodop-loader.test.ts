import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CLODOP_SEEN_KEY, CURRENT_PRINTER_KEY, LodopLoader, LodopPrintService, PRINTER_KEYS, compareVersions, createItem, createTemplate,
  browserPrintSettings, buildPrintDocument, clearPrinterChoice, currentPrinterKind, listPrinters, loadPrinterCopies, printerJobSettings, savePrinterCopies, loadPrinterChoice, loadPrinterOffset, resolvePrinter, savePrinterChoice, savePrinterOffset, type Lodop,
} from '../src';
import { recordingLodop } from './fake-lodop';

type W = Window & { getCLodop?: () => Lodop | null };
const w = window as W;

const scripts = () => Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[data-clodop]'));
const fire = (s: HTMLScriptElement | undefined, type: 'load' | 'error') => s?.dispatchEvent(new Event(type));
const tick = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  localStorage.clear();
  delete w.getCLodop;
  for (const s of scripts()) s.remove();
});
afterEach(() => {
  delete w.getCLodop;
});

describe('C-Lodop loader', () => {
  it('injects CLodopfuncs.js from ports 8000 and 18000 on http pages', async () => {
    const loader = new LodopLoader({ timeoutMs: 200 });
    const p = loader.load();
    expect(scripts().map((s) => s.src)).toEqual(['http://localhost:8000/CLodopfuncs.js', 'http://localhost:18000/CLodopfuncs.js']);
    for (const s of scripts()) fire(s, 'error');
    await p;
  });

  it('says "wait a moment" while loading, then ready once getCLodop() answers and its socket is open', async () => {
    const loader = new LodopLoader({ timeoutMs: 1000 });
    const p = loader.load();
    expect(loader.status()).toMatchObject({ state: 'loading', message: expect.stringContaining('wait a moment') });
    const lodop = recordingLodop();
    lodop.webskt = { readyState: 0 };
    w.getCLodop = () => lodop;
    fire(scripts()[1], 'load');
    await tick();
    setTimeout(() => (lodop.webskt = { readyState: 1 }), 60);
    const st = await p;
    expect(st).toMatchObject({ state: 'ready', version: '6.6.0.1', url: 'http://localhost:18000/CLodopfuncs.js' });
    expect(scripts()).toHaveLength(1);
    expect(localStorage.getItem(CLODOP_SEEN_KEY)).toBe('1');
  });

  it('not installed: every script fails → download link and a reload', async () => {
    const loader = new LodopLoader({ timeoutMs: 500, locale: 'en-US' });
    const p = loader.load();
    for (const s of scripts()) fire(s, 'error');
    const st = await p;
    expect(st).toMatchObject({ state: 'not-installed', downloadUrl: expect.stringContaining('lodop'), message: expect.stringContaining('not installed') });
  });

  it('not started: scripts fail on a machine where C-Lodop ran before → restart link', async () => {
    localStorage.setItem(CLODOP_SEEN_KEY, '1');
    const loader = new LodopLoader({ timeoutMs: 500 });
    const p = loader.load();
    for (const s of scripts()) fire(s, 'error');
    expect(await p).toMatchObject({ state: 'not-started', restartUrl: 'CLodop.protocol:setup' });
  });

  it('needs upgrade: reports the installed and the required service versions', async () => {
    const loader = new LodopLoader({ timeoutMs: 500, minServiceVersion: '4.1.0.0', locale: 'en-US' });
    const p = loader.load();
    const lodop = recordingLodop();
    lodop.CVERSION = '3.0.9.3';
    w.getCLodop = () => lodop;
    fire(scripts()[0], 'load');
    expect(await p).toMatchObject({ state: 'needs-upgrade', component: 'service', current: '3.0.9.3', required: '4.1.0.0', message: expect.stringMatching(/3\.0\.9\.3.*4\.1\.0\.0/) });
  });

  it('an error while getting the print object is reported with its text', async () => {
    const loader = new LodopLoader({ timeoutMs: 500 });
    const p = loader.load();
    w.getCLodop = () => {
      throw new Error('licence mismatch');
    };
    fire(scripts()[0], 'load');
    expect(await p).toMatchObject({ state: 'error', error: 'licence mismatch', message: expect.stringContaining('licence mismatch') });
  });

  it('uses ports 8443/8444 on https pages', () => {
    const fakeWin = { location: { protocol: 'https:' }, document } as unknown as Window;
    void new LodopLoader({ window: fakeWin, timeoutMs: 10, storage: null }).load();
    expect(scripts().map((s) => s.src)).toEqual(['https://localhost:8443/CLodopfuncs.js', 'https://localhost:8444/CLodopfuncs.js']);
  });

  it('compares versions part by part', () => {
    expect(compareVersions('4.10.0', '4.9.9')).toBe(1);
    expect(compareVersions('3.0.9', '3.0.9.0')).toBe(0);
    expect(compareVersions('3.0.8.9', '3.0.9')).toBe(-1);
  });
});

describe('printer choice', () => {
  it('lists printers from C-Lodop', () => {
    expect(listPrinters(recordingLodop(['A', 'B']))).toEqual([{ id: 0, name: 'A' }, { id: 1, name: 'B' }]);
  });

  it('remembers the choice per device kind: current-printer key, then the printer id under the kind key', () => {
    savePrinterChoice('logistic_printer_device', { id: 1, name: 'B' });
    savePrinterChoice('base_printer', { id: 0, name: 'A' });
    expect(localStorage.getItem(CURRENT_PRINTER_KEY)).toBe('base_printer');
    expect(localStorage.getItem(PRINTER_KEYS.base_printer)).toBe('0');
    expect(localStorage.getItem(PRINTER_KEYS.logistic_printer_device)).toBe('1');
    expect(currentPrinterKind()).toBe('base_printer');
    expect(loadPrinterChoice('logistic_printer_device')).toEqual({ id: 1, name: 'B' });
  });

  it('finds a remembered printer by name when its index moved, and falls back to the default when it is gone', () => {
    savePrinterChoice('base_printer', { id: 0, name: 'A' });
    expect(resolvePrinter('base_printer', [{ id: 0, name: 'X' }, { id: 1, name: 'A' }])).toEqual({ id: 1, name: 'A' });
    expect(resolvePrinter('base_printer', [{ id: 0, name: 'X' }])).toBeNull();
    localStorage.setItem(PRINTER_KEYS.logistic_printer_device, '1');
    expect(resolvePrinter('logistic_printer_device', [{ id: 0, name: 'X' }, { id: 1, name: 'Y' }])).toEqual({ id: 1, name: 'Y' });
  });

  it("the print service applies the remembered printer's calibration and copies to every job on it", async () => {
    savePrinterChoice('base_printer', { id: 1, name: 'B' });
    savePrinterOffset('base_printer', { top: 1.5, left: -0.5 });
    expect(loadPrinterOffset('base_printer')).toEqual({ top: 1.5, left: -0.5 });
    const lodop = recordingLodop(['A', 'B']);
    w.getCLodop = () => lodop;
    const tpl = createTemplate({ tempItems: [createItem('braid-txt', { value: 'x' })] });
    expect(await new LodopPrintService({ deviceKind: 'base_printer', copies: 2 }).print(tpl)).toEqual({ ok: true });
    expect(lodop.calls[0]).toEqual(['PRINT_INITA', '1.5mm', '-0.5mm', 750, 550, 'demo']);
    expect(lodop.calls).toContainEqual(['SET_PRINT_COPIES', 2]);
    // the printer gone from this PC: no calibration of another printer is applied
    const other = recordingLodop(['A']);
    w.getCLodop = () => other;
    await new LodopPrintService({ deviceKind: 'base_printer' }).print(tpl);
    expect(other.calls[0]).toEqual(['PRINT_INITA', 0, 0, 750, 550, 'demo']);
    clearPrinterChoice('base_printer');
    expect(loadPrinterOffset('base_printer')).toEqual({ top: 0, left: 0 });
    delete w.getCLodop;
  });

  it('one reading of the printer settings: the C-Lodop job and the browser print get the same calibration and copies', async () => {
    savePrinterChoice('base_printer', { id: 1, name: 'B' });
    savePrinterOffset('base_printer', { top: 2, left: -1.5 });
    savePrinterCopies('base_printer', 3);
    expect(loadPrinterCopies('base_printer')).toBe(3);
    expect(printerJobSettings('base_printer', [{ id: 0, name: 'A' }, { id: 1, name: 'B' }])).toEqual({ printer: { id: 1, name: 'B' }, offset: { top: 2, left: -1.5 }, copies: 3 });
    expect(browserPrintSettings('base_printer')).toEqual({ offset: { top: 2, left: -1.5 }, copies: 3 });
    // another device kind has its own settings
    expect(browserPrintSettings('logistic_printer_device')).toEqual({ offset: { top: 0, left: 0 }, copies: 1 });

    const lodop = recordingLodop(['A', 'B']);
    w.getCLodop = () => lodop;
    const tpl = createTemplate({ pageWidth: 60, pageHeight: 40, tempItems: [createItem('braid-txt', { value: '{x}' })] });
    await new LodopPrintService({ deviceKind: 'base_printer' }).printBatch(tpl, [{ x: 'a' }, { x: 'b' }]);
    expect(lodop.calls[0]).toEqual(['PRINT_INITA', '2mm', '-1.5mm', 750, 550, 'demo']);
    expect(lodop.calls).toContainEqual(['SET_PRINT_COPIES', 3]);

    const doc = await buildPrintDocument(tpl, [{ x: 'a' }, { x: 'b' }], browserPrintSettings('base_printer'));
    const sheets = doc.match(/<div class="gq-paper"[^>]*>/g) ?? [];
    // 2 labels × 3 copies, each moved like the C-Lodop job
    expect(sheets).toHaveLength(6);
    for (const s of sheets) expect(s).toContain('transform:translate(-1.5mm,2mm)');

    savePrinterCopies('base_printer', 1);
    expect(loadPrinterCopies('base_printer')).toBe(1);
    clearPrinterChoice('base_printer');
    expect(browserPrintSettings('base_printer')).toEqual({ offset: { top: 0, left: 0 }, copies: 1 });
    delete w.getCLodop;
  });

  it('the print service previews with the remembered printer and reports a missing C-Lodop', async () => {
    savePrinterChoice('base_printer', { id: 1, name: 'B' });
    const lodop = recordingLodop(['A', 'B']);
    w.getCLodop = () => lodop;
    const svc = new LodopPrintService({ deviceKind: 'base_printer', licence: { companyName: 'C', license: 'L' } });
    const tpl = createTemplate({ tempItems: [createItem('braid-txt', { value: '{x}' })] });
    expect(await svc.printBatch(tpl, [{ x: 1 }, { x: 2 }])).toEqual({ ok: true });
    expect(lodop.calls.map((c) => c[0])).toEqual(['SET_LICENSES', 'PRINT_INITA', 'SET_PRINTER_INDEX', 'SET_PRINT_PAGESIZE', 'ADD_PRINT_TEXT', expect.anything(), expect.anything(), expect.anything(), expect.anything(), expect.anything(), expect.anything(), 'NEWPAGEA', 'ADD_PRINT_TEXT', expect.anything(), expect.anything(), expect.anything(), expect.anything(), expect.anything(), expect.anything(), 'PRINT']);
    expect(lodop.calls[2]).toEqual(['SET_PRINTER_INDEX', 'B']);

    delete w.getCLodop;
    const missing = new LodopPrintService({ timeoutMs: 300 });
    const p = missing.preview(tpl);
    await tick();
    for (const s of scripts()) fire(s, 'error');
    // C-Lodop answered earlier on this machine, so a failure now means its service is not started.
    expect(await p).toMatchObject({ ok: false, status: { state: 'not-started' } });
  });
});
