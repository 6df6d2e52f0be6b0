// Helpers for the tests of the fees and related modules (not a test file itself).

/** Folds the kept ledger sums' deltas in now, as the background job does every half minute (README.md). */
export { foldLedgerDaySums } from './daySums.repo';
