/** What other features may use from auth. */
export { useUserInfo, infoEndpoint, loadSelectOptions } from './api';
export { confirmLogout } from './logout';
