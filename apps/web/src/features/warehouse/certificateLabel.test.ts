import { describe, expect, it } from 'vitest';
import { safeParseTemplate } from '@gemqc/label-designer';
import { labelledItems, toLabelRow } from './certificateLabel';
// the built-in template the server seeds and serves (data, not server code)
import certificateLabelJson from '../../../../server/src/modules/templates/builtin/certificate_label.json';
import { item, now, scanData } from '../../test/warehouseFixtures';

const cert = { id: 'c1', certificate_no: 'GZPY2611220001', item_id: '21', conclusion: '翡翠（A货）', fields: {}, issued_at: '2026-11-22T10:00:00.000Z', verify_code: 'V8K2M9Q4', verify_url: '/verify/V8K2M9Q4' };

describe('certificate label rows', () => {
  it("the server's built-in label is a valid 70×50 mm template filled completely by these rows", () => {
    const parsed = safeParseTemplate(certificateLabelJson);
    if (!parsed.ok) throw new Error(parsed.issues.join('; '));
    const certificateLabelTemplate = parsed.template;
    expect([certificateLabelTemplate.pageWidth, certificateLabelTemplate.pageHeight]).toEqual([70, 50]);
    const used = certificateLabelTemplate.tempItems.flatMap((i) => [...(i.value ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
    // the server's catalogue (apps/server/src/modules/templates/fields.ts)
    const catalogue = ['certificateNo', 'orderNo', 'itemName', 'categoryName', 'conclusion', 'mass', 'shape', 'colour', 'refractiveIndex', 'density', 'resultText', 'inspectorName', 'inspectedAt', 'verifyCode', 'verifyUrl', 'tagCode', 'merchantName', 'centreName'];
    expect(used.filter((f) => !catalogue.includes(f!))).toEqual([]);
    expect(Object.keys(toLabelRow(scanData(), item())).sort()).toEqual([...catalogue].sort());
  });

  it('a bound item: the verify path becomes an address of this site, the measured mass with its unit, the tag code', () => {
    const d = scanData(
      { status: 'bound' },
      {
        items: [item({ result: 'pass', result_text: '合格', certificate_no: 'GZPY2611220001', bound_code: 'TAG0000012345' })],
        certificates: [cert],
        inspections: [{ item_id: '21', inspector_name: '张检验', mass: 3.1400000001, mass_unit: 'ct', shape: '椭圆', colour: '绿', refractive_index: '1.66', density: '3.33', magnification: '', purity: '', conclusion: '翡翠（A货）', result: 'pass', result_text: '合格', remarks: '', photos: [], created_at: now.toISOString() }],
      },
    );
    const row = toLabelRow(d, d.items[0]!, { origin: 'https://qc.example.com' });
    expect(row).toMatchObject({
      certificateNo: 'GZPY2611220001',
      verifyUrl: 'https://qc.example.com/verify/V8K2M9Q4',
      verifyCode: 'V8K2M9Q4',
      mass: '3.14ct',
      shape: '椭圆',
      tagCode: 'TAG0000012345',
      inspectorName: '张检验',
      inspectedAt: '2026-11-22',
    });
    // right after a bind the new code is given before the order reloads
    expect(toLabelRow(d, d.items[0]!, { tagCode: 'TAG0000099999' }).tagCode).toBe('TAG0000099999');
    // an absolute verify address from the server stays as it is
    const abs = { ...d, certificates: [{ ...cert, verify_url: 'https://verify.example.com/verify/V8K2M9Q4' }] };
    expect(toLabelRow(abs, d.items[0]!, { origin: 'https://qc.example.com' }).verifyUrl).toBe('https://verify.example.com/verify/V8K2M9Q4');
  });

  it('without a measured mass the declared weight is printed; only passed and bound items have a label', () => {
    const d = scanData({}, { items: [item({ result: 'pass', bound_code: 'TAG1' }), item({ id: '22', result: 'pass' }), item({ id: '23', result: 'fail', bound_code: null })] });
    expect(toLabelRow(d, d.items[0]!).mass).toBe('52.3g');
    expect(labelledItems(d).map((i) => i.id)).toEqual(['21']);
  });
});
