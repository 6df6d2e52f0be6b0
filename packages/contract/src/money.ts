/**
 * Money is integer fen everywhere (database, wire, sums); yuan only where people read or type it.
 * The one conversion between the two, for the server (sheets, messages) and the web (inputs) alike.
 * One parser for every amount field; the options keep each field's rules.
 */

export interface YuanOptions {
  /** '-1.5' is an amount (−150 fen); off: null. Default on. */
  allowNegative?: boolean;
  /** A number with more than two decimals (0.1 + 0.2) is rounded to fen; off: it is not an amount. Default off. */
  roundNumbers?: boolean;
  /** '30.' is an amount (3000 fen); off: null. Default on. */
  allowTrailingDot?: boolean;
}

/**
 * Yuan as typed (12, '12.5', '¥1,234.56', ' 30. ') → integer fen, parsed from the digits so 0.29
 * gives 29, never 28.999…; null when it is not an amount with at most two decimals, or when the fen
 * are beyond Number's exact integers.
 */
export function yuanToFen(input: string | number | null | undefined, opts: YuanOptions = {}): number | null {
  const { allowNegative = true, roundNumbers = false, allowTrailingDot = true } = opts;
  if (input === null || input === undefined) return null;
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = roundNumbers ? input.toFixed(2) : String(input);
  } else text = input.trim().replace(/^¥/, '').replace(/,/g, '');
  const m = (allowTrailingDot ? /^(-?)(\d+)(?:\.(\d{0,2}))?$/ : /^(-?)(\d+)(?:\.(\d{1,2}))?$/).exec(text);
  if (!m || (m[1] === '-' && !allowNegative)) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) return null;
  return m[1] === '-' && fen !== 0 ? -fen : fen;
}

/** fen → yuan number (sheets, form inputs, charts): 1234 → 12.34. */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

const CAPITAL_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const GROUP_UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** 1–9999 in capitals: a run of zeros between digits reads 零 once, trailing zeros nothing. */
function groupInCapitals(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += CAPITAL_DIGITS[d]! + GROUP_UNITS[i]!;
  }
  return out;
}

/**
 * fen → the amount in Chinese capitals as finance staff write it on vouchers (大写金额):
 * 10000 → 壹佰元整, 100050 → 壹仟元伍角, 1000005 → 壹万元零伍分, 0 → 零元整.
 */
export function fenInCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen)) return '';
  const sign = fen < 0 ? '负' : '';
  const abs = Math.abs(fen);
  let yuan = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const cents = abs % 10;
  const groups: number[] = [];
  for (; yuan > 0; yuan = Math.floor(yuan / 10000)) groups.push(yuan % 10000);
  let int = '';
  let zero = false;
  for (let g = groups.length - 1; g >= 0; g--) {
    const n = groups[g]!;
    if (n === 0) {
      zero = int !== '';
      continue;
    }
    if (zero || (int !== '' && n < 1000)) int += '零';
    zero = false;
    int += groupInCapitals(n) + GROUPS[g]!;
  }
  if (jiao === 0 && cents === 0) return `${sign}${int || '零'}元整`;
  const yuanPart = int ? `${int}元` : '';
  const jiaoPart = jiao ? `${CAPITAL_DIGITS[jiao]}角` : int ? '零' : '';
  return `${sign}${yuanPart}${jiaoPart}${cents ? `${CAPITAL_DIGITS[cents]}分` : ''}`;
}
