/** What other features may use from the manager's merchant pages. */
export { useMerchantList, merchantAdminKeys } from './api';
export { yuanToFen, newIdempotencyKey } from './money';
