import type { ItemKind, ItemStyle, TableColumn, Template, TemplateItem } from './types';

/** Spec §9 "Designer defaults". */
export const DESIGNER_DEFAULTS = {
  title: 'demo',
  width: 750,
  height: 550,
  pageWidth: 750,
  pageHeight: 550,
  uuidLength: 10,
  minDragSize: 10,
  zoom: 100,
  fontSize: 9,
  arrowStep: 1,
  arrowStepShift: 10,
  tableSeqWidthPrint: 30,
  tableSeqWidthCanvas: 40,
} as const;

export const SEQ_COLUMN: TableColumn = { name: '_seq', title: '序号' };

/**
 * Which style keys each item type has. A control in the style panel is enabled only when the
 * selected item's type (or the item's own style object) has the key — spec §5.
 */
export const STYLE_KEYS: Record<ItemKind, readonly (keyof ItemStyle & string)[]> = {
  'braid-txt': ['zIndex', 'FontName', 'FontSize', 'FontColor', 'Bold', 'Italic', 'Underline', 'Alignment', 'Angle', 'ItemType'],
  'bar-code': ['zIndex', 'FontColor', 'ShowBarText', 'codeType', 'Angle', 'ItemType'],
  'braid-html': ['zIndex', 'FontSize', 'FontColor', 'Bold', 'Italic', 'Underline', 'Alignment', 'ItemType', 'AutoHeight', 'BottomMargin'],
  'braid-table': [
    'zIndex', 'FontSize', 'FontColor', 'BorderColor', 'Bold', 'Italic', 'Underline', 'Alignment', 'ItemType', 'AutoHeight', 'BottomMargin',
  ],
  'braid-image': ['zIndex', 'Angle', 'ItemType'],
  'braid-line': ['zIndex', 'FontColor', 'LineStyle', 'LineWidth', 'ItemType'],
  'braid-rect': ['zIndex', 'FontColor', 'LineStyle', 'LineWidth', 'ItemType'],
};

/**
 * Font families users choose (C-Lodop FontName) and the CSS stack the browser path draws them with;
 * the Noto CJK fonts stand in where the Windows fonts are not installed.
 */
export const FONT_FAMILIES: Record<string, string> = {
  宋体: '"SimSun","宋体","Songti SC","Noto Serif CJK SC","Source Han Serif SC",serif',
  黑体: '"SimHei","黑体","Heiti SC","Noto Sans CJK SC","Source Han Sans SC",sans-serif',
  微软雅黑: '"Microsoft YaHei","微软雅黑","PingFang SC","Noto Sans CJK SC","Source Han Sans SC",sans-serif',
  楷体: '"KaiTi","楷体","STKaiti","AR PL UKai CN","Noto Serif CJK SC",serif',
  仿宋: '"FangSong","仿宋","STFangsong","Noto Serif CJK SC",serif',
  Arial: 'Arial,"Liberation Sans","DejaVu Sans",sans-serif',
};

/**
 * The CSS font-family of a C-Lodop FontName; an unknown name is tried as it is (letters, digits,
 * spaces and -_ only, so it cannot leave a style attribute), then 宋体.
 */
export function fontFamilyCss(name: string | undefined): string {
  const song = FONT_FAMILIES['宋体'] as string;
  if (!name) return song;
  const known = FONT_FAMILIES[name];
  if (known) return known;
  const safe = name.replace(/[^\p{L}\p{N} _-]/gu, '').trim();
  return safe ? `"${safe}",${song}` : song;
}

/** C-Lodop prints with 宋体 (SimSun) unless told otherwise; screen, browser print and C-Lodop use it alike. */
export const LABEL_FONT = fontFamilyCss('宋体');

const STYLE_DEFAULTS: Required<Pick<ItemStyle, 'zIndex' | 'FontSize' | 'FontColor' | 'BorderColor' | 'Bold' | 'Italic' | 'Underline' | 'ShowBarText' | 'Alignment' | 'codeType' | 'ItemType' | 'AutoHeight' | 'BottomMargin' | 'FontName' | 'Angle' | 'LineStyle' | 'LineWidth'>> = {
  zIndex: 0,
  FontSize: DESIGNER_DEFAULTS.fontSize,
  FontColor: '#000000',
  BorderColor: '#000000',
  Bold: false,
  Italic: false,
  Underline: false,
  ShowBarText: true,
  Alignment: 'left',
  codeType: 'Code39',
  ItemType: 0,
  AutoHeight: false,
  BottomMargin: 0,
  FontName: '宋体',
  Angle: 0,
  LineStyle: 0,
  LineWidth: 1,
};

export function defaultStyle(type: ItemKind): ItemStyle {
  const style: ItemStyle = {};
  for (const key of STYLE_KEYS[type]) {
    (style as Record<string, unknown>)[key] = STYLE_DEFAULTS[key as keyof typeof STYLE_DEFAULTS];
  }
  return style;
}

export function hasStyle(item: Pick<TemplateItem, 'type' | 'style'>, key: string): boolean {
  return STYLE_KEYS[item.type].includes(key) || Object.prototype.hasOwnProperty.call(item.style, key);
}

/** A fresh 10-hex-character uuid (crypto when available; ids only need to be unique per template). */
export function newUuid(): string {
  const bytes = new Uint8Array(5);
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => unknown } }).crypto;
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const UUID_RE = /^[0-9a-f]{10}$/;

export function createTemplate(overrides: Partial<Template> = {}): Template {
  return {
    title: DESIGNER_DEFAULTS.title,
    width: DESIGNER_DEFAULTS.width,
    height: DESIGNER_DEFAULTS.height,
    pageWidth: DESIGNER_DEFAULTS.pageWidth,
    pageHeight: DESIGNER_DEFAULTS.pageHeight,
    imageUrl: '',
    tempItems: [],
    ...overrides,
  };
}

const ITEM_DEFAULTS: Record<ItemKind, Pick<TemplateItem, 'width' | 'height' | 'left' | 'top' | 'title' | 'value'>> = {
  'braid-txt': { width: 120, height: 40, left: 50, top: 0, title: '自定义文本', value: 'custom text' },
  'bar-code': { width: 160, height: 60, left: 50, top: 0, title: '条码', value: '1234567890' },
  'braid-html': { width: 200, height: 60, left: 50, top: 0, title: 'HTML', value: '<div>html</div>' },
  'braid-table': { width: 240, height: 60, left: 50, top: 10, title: '表格', value: '' },
  'braid-image': { width: 100, height: 100, left: 50, top: 0, title: '图片', value: '' },
  // A line runs along the longer side of its box, through its middle (see lineEnds).
  'braid-line': { width: 200, height: 1, left: 50, top: 0, title: '线条', value: '' },
  'braid-rect': { width: 160, height: 80, left: 50, top: 0, title: '矩形', value: '' },
};

export type ItemOverrides = Partial<Omit<TemplateItem, 'style'>> & { style?: Partial<ItemStyle> };

/** An item of the given type with the spec's defaults and a new uuid. */
export function createItem(type: ItemKind, overrides: ItemOverrides = {}): TemplateItem {
  const { style, ...rest } = overrides;
  const item: TemplateItem = {
    uuid: newUuid(),
    type,
    name: '',
    isEdit: true,
    dragable: true,
    resizable: true,
    ...ITEM_DEFAULTS[type],
    defaultValue: '',
    ...rest,
    style: { ...defaultStyle(type), ...style },
  };
  if (type === 'bar-code' && item.style.codeType === undefined) item.style.codeType = 'Code39';
  if (type === 'braid-table') {
    item.columnsAttr ??= [SEQ_COLUMN];
    item.columns ??= [];
    item.selectCol ??= item.columns.map((c) => c.name);
  }
  return item;
}

export const createTextItem = (o?: ItemOverrides): TemplateItem => createItem('braid-txt', o);
export const createBarcodeItem = (o?: ItemOverrides): TemplateItem => createItem('bar-code', o);
export const createHtmlItem = (o?: ItemOverrides): TemplateItem => createItem('braid-html', o);
export const createImageItem = (o?: ItemOverrides): TemplateItem => createItem('braid-image', o);
export const createLineItem = (o?: ItemOverrides): TemplateItem => createItem('braid-line', o);
export const createRectItem = (o?: ItemOverrides): TemplateItem => createItem('braid-rect', o);

/**
 * The two ends of a line item, [top1, left1, top2, left2] as ADD_PRINT_LINE takes them: horizontal
 * through the middle of its box when the box is wider than tall, vertical otherwise.
 */
export function lineEnds(item: Pick<TemplateItem, 'left' | 'top' | 'width' | 'height'>): [number, number, number, number] {
  if (item.width >= item.height) {
    const y = item.top + item.height / 2;
    return [y, item.left, y, item.left + item.width];
  }
  const x = item.left + item.width / 2;
  return [item.top, x, item.top + item.height, x];
}

/** A table item; `columns` are the chosen ones, in order, from `columnsAttr`. */
export function createTableItem(columnsAttr: TableColumn[], chosen: string[], o: ItemOverrides = {}): TemplateItem {
  const columns = chosen
    .map((name) => columnsAttr.find((c) => c.name === name))
    .filter((c): c is TableColumn => c !== undefined);
  return createItem('braid-table', { ...o, columnsAttr, columns, selectCol: columns.map((c) => c.name) });
}
