/** What other features may use from auth. */
export { useUserInfo, userInfoKey, infoEndpoint, loadSelectOptions } from './api';
export { confirmLogout, performLogout } from './logout';
