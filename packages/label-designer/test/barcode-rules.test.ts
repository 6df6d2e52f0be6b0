/**
 * One check of barcode data for both print paths: where C-Lodop would print a value wrong (a
 * Code 128 code set that cannot encode it), the C-Lodop job and the browser path (print, PDF,
 * canvas) refuse it with the same sentence, before anything is drawn.
 */
import { describe, expect, it } from 'vitest';
import { barcodeValueProblem, buildJob, buildPrintDocument, createItem, createTemplate, PrintJobError, renderBarcode, type DataRow, type Template } from '../src';
import { recordingLodop } from './fake-lodop';

function label(codeType: '128A' | '128B' | '128C'): Template {
  return createTemplate({
    title: 'cert',
    tempItems: [
      createItem('braid-txt', { value: '{name}', name: 'name' }),
      createItem('bar-code', { title: '证书号', value: '{certNo}', name: 'certNo', style: { codeType } }),
    ],
  });
}

/** The error both paths give for this batch (or null when both accept it). */
async function bothPaths(t: Template, rows: DataRow[], locale?: 'en-US'): Promise<{ lodop: string | null; browser: string | null; calls: number }> {
  const lodop = recordingLodop();
  let lodopError: string | null = null;
  try {
    buildJob(lodop, t, rows, locale ? { locale } : {});
  } catch (e) {
    expect(e).toBeInstanceOf(PrintJobError);
    lodopError = (e as Error).message;
  }
  let browserError: string | null = null;
  try {
    await buildPrintDocument(t, rows, locale ? { locale } : {});
  } catch (e) {
    expect(e).toBeInstanceOf(PrintJobError);
    browserError = (e as Error).message;
  }
  return { lodop: lodopError, browser: browserError, calls: lodop.calls.length };
}

describe('barcode data: one check, the same sentence in the C-Lodop job and the browser', () => {
  it.each([
    ['128A', 'GQ-001', 'gq-002', '条码组件「证书号」“gq-002”不能用 128A 编码（128A 只能编码大写字母、数字和符号，不能有小写字母或中文）'],
    ['128B', 'Gq 001', '证书002', '条码组件「证书号」“证书002”不能用 128B 编码（128B 只能编码可打印的英文字符，不能有中文或控制字符）'],
    ['128C', '20240517', '2024051', '条码组件「证书号」“2024051”不能用 128C 编码（128C 只能编码偶数位的数字）'],
  ] as const)('%s: a good batch prints in both; one bad value refuses the whole job in both, before any call', async (type, good, bad, sentence) => {
    const t = label(type);
    expect(await bothPaths(t, [{ certNo: good }, { certNo: good }])).toMatchObject({ lodop: null, browser: null });
    const refused = await bothPaths(t, [{ certNo: good }, { certNo: bad }]);
    expect(refused).toEqual({ lodop: sentence, browser: sentence, calls: 0 });
  });

  it('the canvas shows the same sentence where the barcode would be (no picture of a code that prints wrong)', async () => {
    expect(await renderBarcode('128A', 'gq-002', true)).toEqual({ error: barcodeValueProblem('128A', 'gq-002') });
    expect(await renderBarcode('128C', '123', false)).toEqual({ error: '“123”不能用 128C 编码（128C 只能编码偶数位的数字）' });
    // 128Auto chooses its code sets itself: anything prints
    expect(await renderBarcode('128Auto', 'gq-002', true)).toHaveProperty('svg');
  });

  it('in English where the page is English', async () => {
    const refused = await bothPaths(label('128C'), [{ certNo: 'A1' }], 'en-US');
    expect(refused.lodop).toBe('Barcode item "证书号": "A1" cannot be encoded as 128C (128C takes an even number of digits only).');
    expect(refused.browser).toBe(refused.lodop);
  });
});
