/** What other features may use from sub-account and role management. */
export { useColumnPrefs } from './api';
