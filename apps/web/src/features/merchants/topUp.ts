import type { YuanOptions } from '@gemqc/contract';

/** Largest single top-up the server accepts, fen (¥1,000,000). */
export const MAX_TOP_UP_FEN = 100_000_000;

/**
 * How a top-up typed in yuan is read (`yuanToFen(typed, TOP_UP_YUAN)`): positive digits with one or
 * two decimals only ('-5', '30.', '.5' and a number input's 0.1 + 0.2 are not money).
 */
export const TOP_UP_YUAN: YuanOptions = { allowNegative: false, allowTrailingDot: false };
