import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createItem, createTemplate, LabelDesigner, loadBarcodeEngine, LodopPrintService, snapLines, snapMove, UUID_RE, type Template, type TemplateItem } from '../src';

// Barcode items draw in time slices that import the engine on first use; loaded up front, no import
// can still be under way when a slow machine tears the file's environment down (an unhandled error).
beforeAll(() => loadBarcodeEngine());
afterEach(cleanup);

function setup(items: TemplateItem[] = [], extra: Partial<Parameters<typeof LabelDesigner>[0]> = {}) {
  const onSave = vi.fn<(t: Template) => void>();
  const onPreview = vi.fn<(t: Template) => void>();
  const fields = [
    { name: 'certNo', title: '证书号' },
    { name: 'goods', title: '宝石列表', columns: [{ name: 'name', title: '名称' }, { name: 'weight', title: '重量' }] },
  ];
  const utils = render(<LabelDesigner template={createTemplate({ tempItems: items })} fields={fields} onSave={onSave} onPreview={onPreview} locale="en-US" {...extra} />);
  const saved = (): Template => {
    fireEvent.click(screen.getByTestId('btn-save'));
    return onSave.mock.calls.at(-1)?.[0] as Template;
  };
  return { ...utils, onSave, onPreview, saved };
}

const items = () => screen.queryAllByTestId('designer-item');
const item = (uuid: string) => document.querySelector<HTMLElement>(`[data-testid="designer-item"][data-uuid="${uuid}"]`) as HTMLElement;
const key = (k: string, opts: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(document.body, { key: k, ...opts });
const page = () => screen.getByTestId('designer-page');

function drag(el: Element, dx: number, dy: number, opts: { shiftKey?: boolean } = {}) {
  fireEvent.pointerDown(el, { button: 0, clientX: 100, clientY: 100, ...opts });
  fireEvent.pointerMove(window, { clientX: 100 + dx / 2, clientY: 100 + dy / 2 });
  fireEvent.pointerMove(window, { clientX: 100 + dx, clientY: 100 + dy });
  fireEvent.pointerUp(window, { clientX: 100 + dx, clientY: 100 + dy });
}

const txt = (uuid: string, left: number, top: number, extra: Partial<TemplateItem> = {}) => createItem('braid-txt', { uuid, left, top, ...extra });

describe('designer: panel and sections', () => {
  it('has the save and preview buttons and four collapsible sections', () => {
    setup();
    for (const id of ['page', 'style', 'components', 'added']) expect(screen.getByTestId(`section-${id}`)).toBeTruthy();
    fireEvent.click(screen.getByTestId('section-page-toggle'));
    expect(screen.getByTestId('section-page').dataset.open).toBe('false');
    expect(screen.queryByTestId('page-width')).toBeNull();
    fireEvent.click(screen.getByTestId('section-page-toggle'));
    expect(screen.getByTestId('page-width')).toBeTruthy();
  });

  it('save emits the edited template; preview goes to the host', () => {
    const { saved, onPreview } = setup();
    fireEvent.change(screen.getByTestId('page-title'), { target: { value: 'cert label' } });
    expect(saved().title).toBe('cert label');
    fireEvent.click(screen.getByTestId('btn-preview'));
    expect(onPreview).toHaveBeenCalledWith(expect.objectContaining({ title: 'cert label' }));
  });

  it('uses the zh-CN texts by default', () => {
    render(<LabelDesigner template={createTemplate()} onSave={() => {}} />);
    expect(screen.getByTestId('btn-save').textContent).toBe('保存');
  });
});

describe('designer: adding and selecting', () => {
  it.each(['braid-txt', 'bar-code', 'braid-html', 'braid-image'] as const)('adding %s appends it with a new uuid and selects it', (type) => {
    const { saved } = setup([txt('aaaaaaaaaa', 0, 0)]);
    fireEvent.click(screen.getByTestId(`add-${type}`));
    const all = items();
    expect(all).toHaveLength(2);
    const added = all[1] as HTMLElement;
    expect(added.dataset.type).toBe(type);
    expect(added.dataset.uuid).toMatch(UUID_RE);
    expect(added.dataset.selected).toBe('true');
    expect(screen.getByTestId('style-form').dataset.uuid).toBe(added.dataset.uuid);
    expect(saved().tempItems[1]?.type).toBe(type);
  });

  it('adding a table first opens the column popover; confirm adds the table with the chosen columns', () => {
    const { saved } = setup();
    fireEvent.click(screen.getByTestId('add-braid-table'));
    const pop = screen.getByTestId('table-popover');
    expect(items()).toHaveLength(0);
    expect((within(pop).getByTestId('table-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pop).getByTestId('table-col-weight'));
    fireEvent.click(within(pop).getByTestId('table-col-_seq'));
    fireEvent.click(within(pop).getByTestId('table-confirm'));
    expect(screen.queryByTestId('table-popover')).toBeNull();
    const t = saved().tempItems[0];
    expect(t).toMatchObject({ type: 'braid-table', name: 'goods', width: 240, height: 60, left: 50, top: 10, selectCol: ['_seq', 'weight'] });
    expect(t?.columnsAttr?.map((c) => c.name)).toEqual(['_seq', 'name', 'weight']);
  });

  it('the row-number column is offered once even when the host list field already has _seq', () => {
    const onSave = vi.fn<(t: Template) => void>();
    const fields = [{ name: 'items', title: '明细', columns: [{ name: '_seq', title: '#' }, { name: 'name', title: '名称' }] }];
    render(<LabelDesigner template={createTemplate()} fields={fields} onSave={onSave} locale="en-US" />);
    fireEvent.click(screen.getByTestId('add-braid-table'));
    const pop = screen.getByTestId('table-popover');
    expect(within(pop).getAllByTestId('table-col-_seq')).toHaveLength(1);
    fireEvent.click(within(pop).getByTestId('table-col-_seq'));
    fireEvent.click(within(pop).getByTestId('table-col-name'));
    fireEvent.click(within(pop).getByTestId('table-confirm'));
    fireEvent.click(screen.getByTestId('btn-save'));
    const t = onSave.mock.calls.at(-1)?.[0]?.tempItems[0];
    expect(t?.columnsAttr).toEqual([{ name: '_seq', title: '#' }, { name: 'name', title: '名称' }]);
    expect(t?.selectCol).toEqual(['_seq', 'name']);
    expect(t?.columns?.map((c) => c.name)).toEqual(['_seq', 'name']);
  });

  it('cancelling the table popover adds nothing', () => {
    setup();
    fireEvent.click(screen.getByTestId('add-braid-table'));
    fireEvent.click(screen.getByTestId('table-cancel'));
    expect(items()).toHaveLength(0);
  });

  it('a field shortcut adds a text bound to that field', () => {
    const { saved } = setup();
    fireEvent.click(screen.getByTestId('add-field-certNo'));
    expect(saved().tempItems[0]).toMatchObject({ type: 'braid-txt', name: 'certNo', value: '{certNo}' });
  });

  it('clicking an item selects it; clicking the empty page returns to page level', () => {
    setup([txt('aaaaaaaaaa', 0, 0), txt('bbbbbbbbbb', 200, 0)]);
    drag(item('bbbbbbbbbb'), 0, 0);
    expect(item('bbbbbbbbbb').dataset.selected).toBe('true');
    expect(item('aaaaaaaaaa').dataset.selected).toBe('false');
    drag(page(), 0, 0);
    expect(items().every((i) => i.dataset.selected === 'false')).toBe(true);
    expect(screen.getByTestId('style-empty')).toBeTruthy();
  });

  it('clicking the grey area around the page returns to page level too', () => {
    setup([txt('aaaaaaaaaa', 0, 0)]);
    drag(item('aaaaaaaaaa'), 0, 0);
    expect(item('aaaaaaaaaa').dataset.selected).toBe('true');
    fireEvent.pointerDown(screen.getByTestId('designer-canvas'), { button: 0, clientX: 900, clientY: 700 });
    fireEvent.pointerUp(window);
    expect(item('aaaaaaaaaa').dataset.selected).toBe('false');
    expect(screen.getByTestId('style-empty')).toBeTruthy();
  });

  it('a host that only lets the user look disables save', () => {
    const { onSave } = setup([txt('aaaaaaaaaa', 0, 0)], { canSave: false });
    const save = screen.getByTestId('btn-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('the added-components list selects an item', () => {
    setup([txt('aaaaaaaaaa', 0, 0), txt('bbbbbbbbbb', 200, 0)]);
    fireEvent.click(screen.getAllByTestId('added-item')[1] as HTMLElement);
    expect(item('bbbbbbbbbb').dataset.selected).toBe('true');
  });
});

describe('designer: delete, undo, redo, copy, paste', () => {
  it('delete with nothing selected is ignored (no change, nothing to undo)', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 0, 0)]);
    key('Delete');
    expect(saved().tempItems).toHaveLength(1);
    expect((screen.getByTestId('btn-undo') as HTMLButtonElement).disabled).toBe(true);
  });

  it('delete removes the selection and returns to page level; undo brings it back, redo removes it again', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 0, 0), txt('bbbbbbbbbb', 200, 0)]);
    drag(item('aaaaaaaaaa'), 0, 0);
    key('Delete');
    expect(saved().tempItems.map((i) => i.uuid)).toEqual(['bbbbbbbbbb']);
    expect(screen.getByTestId('style-empty')).toBeTruthy();
    key('z', { ctrlKey: true });
    expect(saved().tempItems.map((i) => i.uuid)).toEqual(['aaaaaaaaaa', 'bbbbbbbbbb']);
    key('z', { ctrlKey: true, shiftKey: true });
    expect(saved().tempItems.map((i) => i.uuid)).toEqual(['bbbbbbbbbb']);
  });

  it('copy and paste duplicates the selection with new uuids, offset and selected', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 5, 5)]);
    drag(item('aaaaaaaaaa'), 0, 0);
    key('c', { ctrlKey: true });
    key('v', { ctrlKey: true });
    const t = saved().tempItems;
    expect(t).toHaveLength(2);
    expect(t[1]).toMatchObject({ left: 15, top: 15, value: 'custom text' });
    expect(t[1]?.uuid).not.toBe('aaaaaaaaaa');
    expect(item(t[1]?.uuid as string).dataset.selected).toBe('true');
  });
});

describe('designer: arrow keys', () => {
  it('move the selected item by 1, Shift by 10', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 20, 20)]);
    drag(item('aaaaaaaaaa'), 0, 0);
    key('ArrowRight');
    key('ArrowDown');
    key('ArrowLeft', { shiftKey: true });
    key('ArrowUp');
    expect(saved().tempItems[0]).toMatchObject({ left: 11, top: 20 });
  });

  it('left and up do nothing at 0, and Shift never goes below 0', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 0, 3)]);
    drag(item('aaaaaaaaaa'), 0, 0);
    key('ArrowLeft');
    key('ArrowUp', { shiftKey: true });
    key('ArrowUp');
    expect(saved().tempItems[0]).toMatchObject({ left: 0, top: 0 });
    expect((screen.getByTestId('btn-undo') as HTMLButtonElement).disabled).toBe(false);
  });

  it('do nothing while typing in an input, or with nothing selected', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 20, 20)]);
    key('ArrowRight');
    drag(item('aaaaaaaaaa'), 0, 0);
    const input = screen.getByTestId('item-title');
    input.focus();
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    expect(saved().tempItems[0]).toMatchObject({ left: 20, top: 20 });
  });
});

describe('designer: drag and resize', () => {
  it('drag moves the item and stops on mouse up', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 100, 100)], { snap: false });
    drag(item('aaaaaaaaaa'), 30, -20);
    expect(saved().tempItems[0]).toMatchObject({ left: 130, top: 80 });
    fireEvent.pointerMove(window, { clientX: 500, clientY: 500 });
    expect(saved().tempItems[0]).toMatchObject({ left: 130, top: 80 });
    expect(item('aaaaaaaaaa').style.transform).toBe('');
  });

  it('position is clamped at 0 during a drag', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 30, 40)], { snap: false });
    drag(item('aaaaaaaaaa'), -500, -500);
    expect(saved().tempItems[0]).toMatchObject({ left: 0, top: 0 });
  });

  it('drag movement is divided by the zoom', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 100, 100)], { snap: false });
    fireEvent.click(screen.getByTestId('zoom-in')); // 125
    fireEvent.change(screen.getByTestId('zoom-input'), { target: { value: '200' } });
    drag(item('aaaaaaaaaa'), 60, 40);
    expect(saved().tempItems[0]).toMatchObject({ left: 130, top: 120 });
  });

  it('the resize handle changes the size, never below 10', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 100, 100)]);
    drag(item('aaaaaaaaaa'), 0, 0);
    drag(screen.getByTestId('resize-handle'), 30, 10);
    expect(saved().tempItems[0]).toMatchObject({ width: 150, height: 50, left: 100, top: 100 });
    drag(screen.getByTestId('resize-handle'), -1000, -1000);
    expect(saved().tempItems[0]).toMatchObject({ width: 10, height: 10 });
  });

  it('Shift-click builds a multi-selection that moves together', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 10, 10), txt('bbbbbbbbbb', 300, 300), txt('cccccccccc', 500, 0)], { snap: false });
    drag(item('aaaaaaaaaa'), 0, 0);
    fireEvent.pointerDown(item('bbbbbbbbbb'), { button: 0, shiftKey: true, clientX: 0, clientY: 0 });
    fireEvent.pointerUp(window);
    expect(screen.getByTestId('style-empty').textContent).toContain('2 items');
    drag(item('bbbbbbbbbb'), -20, 5);
    const [a, b, c] = saved().tempItems;
    // the group stops when its leftmost item reaches 0
    expect([a?.left, a?.top, b?.left, b?.top, c?.left]).toEqual([0, 15, 290, 305, 500]);
  });

  it('a rubber band selects the items it touches', () => {
    setup([txt('aaaaaaaaaa', 10, 10), txt('bbbbbbbbbb', 300, 300), txt('cccccccccc', 500, 0)]);
    fireEvent.pointerDown(page(), { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(window, { clientX: 320, clientY: 320 });
    fireEvent.pointerUp(window);
    expect(items().map((i) => i.dataset.selected)).toEqual(['true', 'true', 'false']);
  });

  it('undo restores the position before a drag', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 100, 100)], { snap: false });
    drag(item('aaaaaaaaaa'), 30, 30);
    key('z', { ctrlKey: true });
    expect(saved().tempItems[0]).toMatchObject({ left: 100, top: 100 });
    key('z', { ctrlKey: true, shiftKey: true });
    expect(saved().tempItems[0]).toMatchObject({ left: 130, top: 130 });
  });

  it('moves by the mouse movement alone until 吸附 is switched on', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 0, 300), txt('bbbbbbbbbb', 200, 100)]);
    expect((screen.getByTestId('snap-toggle') as HTMLInputElement).checked).toBe(false);
    fireEvent.pointerDown(item('aaaaaaaaaa'), { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(window, { clientX: 197, clientY: 0 }); // 3 px from b's left edge: no snap
    expect(screen.getByTestId('guide-x').style.display).not.toBe('block');
    fireEvent.pointerUp(window);
    expect(saved().tempItems[0]?.left).toBe(197);
  });

  it('snaps the dragged item to another item edge and shows a guide', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 0, 300), txt('bbbbbbbbbb', 200, 100)]);
    fireEvent.click(screen.getByTestId('snap-toggle'));
    fireEvent.pointerDown(item('aaaaaaaaaa'), { button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(window, { clientX: 197, clientY: 0 }); // left edge 3 px from b's left 200
    expect(screen.getByTestId('guide-x').style.display).toBe('block');
    expect(screen.getByTestId('guide-x').style.left).toBe('200px');
    fireEvent.pointerUp(window);
    expect(saved().tempItems[0]?.left).toBe(200);
  });
});

describe('designer: inputs', () => {
  it('number inputs keep their minimums: item width/height ≥ 1, left/top ≥ 0, page sizes ≥ 0', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 10, 10)]);
    drag(item('aaaaaaaaaa'), 0, 0);
    fireEvent.change(screen.getByTestId('item-width'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('item-left'), { target: { value: '-5' } });
    fireEvent.change(screen.getByTestId('style-FontSize'), { target: { value: '-1' } });
    drag(page(), 0, 0);
    fireEvent.change(screen.getByTestId('page-pageWidth'), { target: { value: '-3' } });
    const t = saved();
    expect(t.tempItems[0]).toMatchObject({ width: 1, left: 0, style: { FontSize: 0 } });
    expect(t.pageWidth).toBe(0);
  });

  it('disables style controls the item type lacks; BottomMargin only with AutoHeight', () => {
    setup([createItem('bar-code', { uuid: 'aaaaaaaaaa' }), createItem('braid-table', { uuid: 'bbbbbbbbbb', left: 400 })]);
    drag(item('aaaaaaaaaa'), 0, 0);
    const disabled = (id: string) => (screen.getByTestId(id) as HTMLInputElement).disabled;
    expect(disabled('style-FontSize')).toBe(true);
    expect(disabled('style-codeType')).toBe(false);
    expect(disabled('style-AutoHeight')).toBe(true);
    drag(item('bbbbbbbbbb'), 0, 0);
    expect(disabled('style-codeType')).toBe(true);
    expect(disabled('style-BottomMargin')).toBe(true);
    fireEvent.click(screen.getByTestId('style-AutoHeight'));
    expect(disabled('style-BottomMargin')).toBe(false);
  });

  it("sets a QR code's error-correction level (C-Lodop's QRCodeErrorLevel, M by default); other codes have none", () => {
    const { saved } = setup([createItem('bar-code', { uuid: 'aaaaaaaaaa', style: { codeType: 'QRCode' } }), createItem('bar-code', { uuid: 'bbbbbbbbbb', left: 400 })]);
    drag(item('aaaaaaaaaa'), 0, 0);
    const level = () => screen.getByTestId('style-QRCodeErrorLevel') as HTMLSelectElement;
    expect([level().disabled, level().value]).toEqual([false, 'M']);
    fireEvent.change(level(), { target: { value: 'H' } });
    expect(saved().tempItems[0]!.style).toMatchObject({ codeType: 'QRCode', QRCodeErrorLevel: 'H' });
    drag(item('bbbbbbbbbb'), 0, 0);
    expect(level().disabled).toBe(true);
  });

  it('shows a character counter only where a maximum length is set', () => {
    setup([txt('aaaaaaaaaa', 10, 10)], { maxLengths: { itemTitle: 20 } });
    expect(screen.queryByTestId('page-title-counter')).toBeNull();
    drag(item('aaaaaaaaaa'), 0, 0);
    fireEvent.change(screen.getByTestId('item-title'), { target: { value: 'abc' } });
    expect(screen.getByTestId('item-title-counter').textContent).toBe('3/20');
  });

  it('typing in one field is a single undo step', () => {
    const { saved } = setup();
    for (const v of ['a', 'ab', 'abc']) fireEvent.change(screen.getByTestId('page-title'), { target: { value: v } });
    key('z', { ctrlKey: true });
    expect(saved().title).toBe('demo');
  });
});

describe('designer: isEdit, dragable, resizable', () => {
  const disabled = (id: string) => (screen.getByTestId(id) as HTMLInputElement).disabled;
  const formIds = ['item-title', 'item-name', 'item-value', 'item-defaultValue', 'item-left', 'item-top', 'item-width', 'item-height', 'style-FontSize', 'style-FontColor', 'style-Bold', 'style-Alignment', 'style-zIndex'];

  it('isEdit false: only the text (value, default value) is read-only, as in kr-print-designer; the rest of the form stays editable', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 10, 10, { isEdit: false }), txt('bbbbbbbbbb', 300, 10)], { snap: false });
    fireEvent.click(screen.getAllByTestId('added-item')[0] as HTMLElement);
    expect(item('aaaaaaaaaa').dataset.selected).toBe('true');
    expect(screen.getByTestId('style-form').dataset.locked).toBe('true');
    expect(screen.getByTestId('item-locked').textContent).toMatch(/text of this component is locked/);
    const textIds = ['item-value', 'item-defaultValue'];
    for (const id of formIds) expect([id, disabled(id)]).toEqual([id, textIds.includes(id)]);
    fireEvent.change(screen.getByTestId('item-left'), { target: { value: '42' } });
    // an editable item's form is not locked
    fireEvent.click(screen.getAllByTestId('added-item')[1] as HTMLElement);
    expect(screen.queryByTestId('item-locked')).toBeNull();
    for (const id of formIds) expect([id, disabled(id)]).toEqual([id, false]);
    // the locked item keeps its text and flag; its position changed
    expect(saved().tempItems[0]).toMatchObject({ isEdit: false, value: 'custom text', left: 42, top: 10 });
  });

  it('dragable false: no drag, no arrow move, position fields read-only; the rest stays editable', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 100, 100, { dragable: false })], { snap: false });
    drag(item('aaaaaaaaaa'), 30, 30);
    expect(item('aaaaaaaaaa').dataset.selected).toBe('true');
    key('ArrowRight');
    expect(saved().tempItems[0]).toMatchObject({ left: 100, top: 100 });
    expect([disabled('item-left'), disabled('item-top'), disabled('item-width'), disabled('item-value')]).toEqual([true, true, false, false]);
    expect(screen.getByTestId('resize-handle')).toBeTruthy();
  });

  it('resizable false: no resize handle, size fields read-only; it still moves', () => {
    const { saved } = setup([txt('aaaaaaaaaa', 100, 100, { resizable: false })], { snap: false });
    drag(item('aaaaaaaaaa'), 20, 0);
    expect(item('aaaaaaaaaa').dataset.selected).toBe('true');
    expect(screen.queryByTestId('resize-handle')).toBeNull();
    expect([disabled('item-width'), disabled('item-height'), disabled('item-left')]).toEqual([true, true, false]);
    expect(saved().tempItems[0]).toMatchObject({ left: 120, width: 120, height: 40 });
  });
});

describe('designer: built-in preview', () => {
  it('shows the print-control message with links and browser fallbacks when C-Lodop is missing', async () => {
    const svc = new LodopPrintService();
    vi.spyOn(svc, 'preview').mockResolvedValue({ ok: false, status: { state: 'not-installed', message: 'not installed!', downloadUrl: 'http://dl', restartUrl: 'CLodop.protocol:setup' } });
    render(<LabelDesigner template={createTemplate()} onSave={() => {}} printService={svc} pdfFonts={{ load: async () => new Uint8Array() }} />);
    await act(async () => fireEvent.click(screen.getByTestId('btn-preview')));
    const msg = screen.getByTestId('print-message');
    expect(msg.textContent).toContain('not installed!');
    expect(screen.getByTestId('print-download').getAttribute('href')).toBe('http://dl');
    expect(screen.getByTestId('btn-browser-print')).toBeTruthy();
    expect(screen.getByTestId('btn-download-pdf')).toBeTruthy();
  });
});

describe('designer: browser print refuses what C-Lodop would', () => {
  it('a 128C barcode with an odd number of digits: the browser print says why, in the message box', async () => {
    const svc = new LodopPrintService();
    vi.spyOn(svc, 'preview').mockResolvedValue({ ok: false, status: { state: 'not-installed', message: 'not installed!', downloadUrl: 'http://dl', restartUrl: 'CLodop.protocol:setup' } });
    const tpl = createTemplate({ tempItems: [createItem('bar-code', { title: 'Cert no', value: '12345', style: { codeType: '128C' } })] });
    render(<LabelDesigner template={tpl} onSave={() => {}} printService={svc} locale="en-US" />);
    await act(async () => fireEvent.click(screen.getByTestId('btn-preview')));
    await act(async () => fireEvent.click(screen.getByTestId('btn-browser-print')));
    const msg = screen.getByTestId('print-message');
    expect(msg.dataset.state).toBe('error');
    expect(msg.textContent).toContain('Barcode item "Cert no": "12345" cannot be encoded as 128C (128C takes an even number of digits only).');
  });
});

describe('snapping geometry', () => {
  it('snaps centre to centre within the threshold and not beyond it', () => {
    const lines = snapLines([createItem('braid-txt', { uuid: 'x', left: 100, top: 0, width: 100, height: 20 })], new Set(), { width: 1000, height: 1000 });
    // box 0..50 wide, centre 25; moving by 122 puts the centre at 147 → snaps to 150
    expect(snapMove({ left: 0, top: 500, width: 50, height: 20 }, 122, 0, lines, 5)).toMatchObject({ dx: 125, gx: 150 });
    expect(snapMove({ left: 0, top: 500, width: 50, height: 20 }, 300, 0, lines, 5)).toMatchObject({ dx: 300, gx: null });
  });
});
