import { yuanToFen as parseYuan } from '../../lib/money';

/** Money helpers of the merchant pages (the shared ones live in lib/money). */
export { formatFen, fenToYuan } from '../../lib/money';

/**
 * Yuan as typed by a person (number or string, up to 2 decimals; a number input's float error is
 * rounded away: 0.1 + 0.2 → 30) → integer fen. Returns null for empty or invalid input.
 */
export function yuanToFen(yuan: number | string | null | undefined): number | null {
  return parseYuan(yuan, { roundNumbers: true });
}
