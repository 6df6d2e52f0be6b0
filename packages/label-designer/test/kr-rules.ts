/**
 * kr-print-designer's own field rules, from its source (src/types/index.d.ts, src/libs/props.js,
 * src/libs/lodop/index.js and tools.js of myliuxia/kr-print-designer), written down so a test can
 * tell whether kr's code would load a file GemQC exports: the problems kr would meet, or [].
 */
const WIDGETS = ['braid-txt', 'braid-table', 'braid-image', 'braid-html', 'bar-code'];
const ALIGN = ['left', 'center', 'right'];
const CODE_TYPES = ['128A', '128B', '128C', '128Auto', 'EAN8', 'EAN13', 'EAN128A', 'EAN128B', 'EAN128C', 'Code39', '39Extended', '2_5interleaved', '2_5industrial', '2_5matrix', 'UPC_A', 'UPC_E0', 'UPC_E1', 'UPCsupp2', 'UPCsupp5', 'Code93', '93Extended', 'MSI', 'PostNet', 'Codabar', 'QRCode', 'PDF417'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

export function krProblems(t: unknown): string[] {
  const p: string[] = [];
  if (!isObj(t)) return ['not an object'];
  if (typeof t.title !== 'string') p.push('title must be a string');
  for (const k of ['width', 'height', 'pageWidth', 'pageHeight']) if (!isNum(t[k])) p.push(`${k} must be a number`);
  if (!Array.isArray(t.tempItems)) return [...p, 'tempItems must be an array'];
  t.tempItems.forEach((it, i) => {
    const at = `tempItems[${i}]`;
    if (!isObj(it)) return void p.push(`${at} must be an object`);
    if (!WIDGETS.includes(String(it.type))) p.push(`${at}.type ${String(it.type)} is not a kr widget`);
    if (typeof it.uuid !== 'string' || it.uuid === '') p.push(`${at}.uuid missing`);
    if (typeof it.name !== 'string') p.push(`${at}.name must be a string`);
    for (const k of ['width', 'height', 'left', 'top']) if (!isNum(it[k])) p.push(`${at}.${k} must be a number`);
    for (const k of ['isEdit', 'dragable', 'resizable']) if (typeof it[k] !== 'boolean') p.push(`${at}.${k} must be a boolean`);
    // _TempParser reads item.style.AutoHeight and item.style.ItemType of every item
    if (!isObj(it.style)) return void p.push(`${at}.style must be an object`);
    const s = it.style;
    // strTempToValue calls value.replace; tableTempTohtml iterates columns and (Array.isArray) defaultValue
    if (it.type !== 'braid-table' && typeof it.value !== 'string') p.push(`${at}.value must be a string`);
    if (it.type === 'braid-html' && typeof it.defaultValue !== 'string') p.push(`${at}.defaultValue must be the HTML kr prints`);
    if (it.type === 'braid-table') {
      if (!Array.isArray(it.columns) || it.columns.some((c) => !isObj(c) || typeof c.name !== 'string' || typeof c.title !== 'string')) p.push(`${at}.columns must be {name,title}[]`);
      if (!Array.isArray(it.defaultValue)) p.push(`${at}.defaultValue must be the list of rows`);
    }
    if (it.type === 'bar-code' && !CODE_TYPES.includes(String(s.codeType))) p.push(`${at}.style.codeType ${String(s.codeType)} unknown to kr`);
    // _createLodopStyle: Alignment == 'left' ? 1 : == 'center' ? 2 : 3 — anything else prints right-aligned
    if (s.Alignment !== undefined && !ALIGN.includes(String(s.Alignment))) p.push(`${at}.style.Alignment must be left|center|right`);
    for (const k of ['Bold', 'Italic', 'Underline', 'ShowBarText', 'AutoHeight']) if (s[k] !== undefined && typeof s[k] !== 'boolean') p.push(`${at}.style.${k} must be a boolean`);
    if (s.ItemType !== undefined && ![0, 1, 2, 3, 4].includes(s.ItemType as number)) p.push(`${at}.style.ItemType must be 0..4`);
    for (const k of ['FontSize', 'zIndex', 'BottomMargin']) if (s[k] !== undefined && !isNum(s[k])) p.push(`${at}.style.${k} must be a number`);
  });
  return p;
}
