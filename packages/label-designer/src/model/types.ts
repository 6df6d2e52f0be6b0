/**
 * The template JSON of product spec §3. This shape *is* the file format: templates written by
 * other tools that use it must load here and vice versa, so field names keep their original
 * spelling (dragable, lodopStyle, FontSize ...) and unknown keys are carried along untouched.
 */

export const ITEM_TYPES = ['braid-txt', 'bar-code', 'braid-html', 'braid-table', 'braid-image'] as const;
export type ItemKind = (typeof ITEM_TYPES)[number];

export const BARCODE_TYPES = [
  '128A', '128B', '128C', '128Auto', 'EAN8', 'EAN13', 'EAN128A', 'EAN128B', 'EAN128C', 'Code39',
  '39Extended', '2_5interleaved', '2_5industrial', '2_5matrix', 'UPC_A', 'UPC_E0', 'UPC_E1',
  'UPCsupp2', 'UPCsupp5', 'Code93', '93Extended', 'MSI', 'PostNet', 'Codabar', 'QRCode', 'PDF417',
] as const;
export type BarcodeType = (typeof BARCODE_TYPES)[number];

export const ALIGNMENTS = ['left', 'center', 'right'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** 0 normal, 1 header/footer, 2 page number, 3 page count, 4 multi-page item. */
export const LODOP_ITEM_TYPES = [0, 1, 2, 3, 4] as const;
export type LodopItemType = (typeof LODOP_ITEM_TYPES)[number];

export interface ItemStyle {
  zIndex?: number;
  FontSize?: number;
  FontColor?: string;
  BorderColor?: string;
  Bold?: boolean;
  Italic?: boolean;
  Underline?: boolean;
  ShowBarText?: boolean;
  Alignment?: Alignment;
  codeType?: BarcodeType;
  ItemType?: LodopItemType;
  AutoHeight?: boolean;
  BottomMargin?: number;
  LinkedItem?: number;
  /** Keys written by other tools are kept. */
  [key: string]: unknown;
}

/** Extra C-Lodop style keys passed straight to SET_PRINT_STYLEA. */
export type LodopStyle = Record<string, string | number | boolean>;

export interface TableColumn {
  /** Field name in each list row; `_seq` means the row number. */
  name: string;
  title: string;
  [key: string]: unknown;
}

export interface TemplateItem {
  /** 10 hex characters, assigned when the item is added. */
  uuid: string;
  type: ItemKind;
  /** The data field the item binds to (for tables: the list field holding the rows). */
  name: string;
  isEdit: boolean;
  dragable: boolean;
  resizable: boolean;
  width: number;
  height: number;
  left: number;
  top: number;
  title: string;
  value: string;
  /** Text; for a table (kr-print-designer's form) its list of sample rows. */
  defaultValue: string | DataRow[];
  style: ItemStyle;
  lodopStyle?: LodopStyle;
  /** braid-table only: available columns, chosen columns and chosen names. */
  columnsAttr?: TableColumn[];
  columns?: TableColumn[];
  selectCol?: string[];
  [key: string]: unknown;
}

export interface Template {
  title: string;
  /** Canvas size in px (1 px = 1 C-Lodop px at 96 dpi). */
  width: number;
  height: number;
  /** Paper size in mm. */
  pageWidth: number;
  pageHeight: number;
  imageUrl: string;
  tempItems: TemplateItem[];
  [key: string]: unknown;
}

/** A data row used to fill `{field}` placeholders; list fields hold table rows. */
export type DataRow = Record<string, unknown>;

/** A data field the host offers for binding; `columns` marks a list field usable by tables. */
export interface FieldDef {
  name: string;
  title: string;
  columns?: TableColumn[];
}
