import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createItem, createTableItem, createTemplate } from '../src/model';
import { LabelView, buildPrintDocument } from '../src/render';

describe('browser renderer', () => {
  const tpl = createTemplate({
    pageWidth: 80,
    pageHeight: 50,
    tempItems: [
      createItem('braid-txt', { uuid: '0000000001', value: '编号 {no}', left: 10, top: 20 }),
      createItem('bar-code', { uuid: '0000000002', value: '{code}', style: { codeType: 'EAN13' } }),
      createTableItem([{ name: '_seq', title: '序号' }, { name: 'g', title: '宝石' }], ['_seq', 'g'], { uuid: '0000000003', name: 'list' }),
    ],
  });

  it('places items at their px position and binds data', async () => {
    const { container } = render(<LabelView template={tpl} row={{ no: 0, code: 'bad', list: [{ g: '<翡翠>' }] }} mode="canvas" />);
    const text = container.querySelector<HTMLElement>('[data-uuid="0000000001"]');
    expect(text?.style.left).toBe('10px');
    expect(text?.style.top).toBe('20px');
    expect(text?.textContent).toBe('编号 0');
    expect(container.querySelector('[data-uuid="0000000003"] td:nth-child(2)')?.textContent).toBe('<翡翠>');
    expect(container.querySelector('[data-uuid="0000000003"] th')?.getAttribute('style')).toContain('width:40px');
    // invalid barcode data shows an error box on the item, not a crash
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/EAN13: .*EAN-13/);
  });

  it('draws a valid barcode once loaded: inline SVG on the canvas (after a placeholder) and in print', async () => {
    const { container } = render(<LabelView template={tpl} row={{ code: '690123456780' }} mode="canvas" />);
    expect(container.querySelector('[data-barcode="pending"]')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('[data-barcode="ok"] svg')).not.toBeNull());
    const printed = render(<LabelView template={tpl} row={{ code: '690123456789' }} mode="print" />);
    expect(printed.container.querySelector('[data-barcode="ok"] svg')).not.toBeNull();
  });

  it('the print document sets @page to the paper size and has one sheet per row, first table column 30', async () => {
    const html = await buildPrintDocument(tpl, [{ no: 1, code: '690123456789' }, { no: 2, code: '690123456789' }]);
    expect(html).toContain('@page { size: 80mm 50mm; margin: 0 }');
    expect(html.match(/class="gq-sheet"/g)).toHaveLength(2);
    expect(html).toContain('width:80mm');
    expect(html).toContain('编号 2');
    expect(html).toContain('width:30px');
    expect(html).toContain('<svg');
  });
});

describe('print markup with many barcodes', () => {
  it('every barcode of a batch larger than the barcode cache is drawn (none left as a placeholder)', async () => {
    const perRow = 30;
    const rows = 200; // 6,000 distinct Code 128 symbols: more than the cache holds
    const many = createTemplate({
      pageWidth: 100,
      pageHeight: 100,
      tempItems: Array.from({ length: perRow }, (_, k) =>
        createItem('bar-code', { uuid: String(k).padStart(10, '0'), value: `I${k}-{c}`, top: k * 10, style: { codeType: '128Auto', ShowBarText: false } }),
      ),
    });
    const html = await buildPrintDocument(many, Array.from({ length: rows }, (_, i) => ({ c: `R${i}` })));
    expect(html.match(/class="gq-sheet"/g)).toHaveLength(rows);
    expect(html).not.toContain('data-barcode="pending"');
    expect(html.match(/data-barcode="ok"/g)).toHaveLength(perRow * rows);
  }, 60_000);
});
