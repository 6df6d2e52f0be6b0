import { yuanToFen as parseYuan } from '../../lib/money';

export { fenLabel, fenToYuanValue, yuanRule } from '../../lib/money';

/** Fee typed in yuan → integer fen (negative kept for the contract to refuse); NaN when it is not an amount. */
export function yuanToFen(input: string | number | null | undefined): number {
  return parseYuan(input) ?? NaN;
}
