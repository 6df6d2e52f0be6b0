/** What other features may use from the manager's merchant pages. */
export { useMerchantList, merchantKeys } from './api';
