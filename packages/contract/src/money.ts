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
