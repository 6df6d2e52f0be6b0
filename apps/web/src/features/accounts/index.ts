/** What other features may use from sub-account and role management. */
export { useCan } from './portal';
export { useColumnPrefs } from './api';
