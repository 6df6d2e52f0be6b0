/** What other features may use from sub-account and role management. */
export { accountNsOf, useAccountNs, useCan } from './portal';
