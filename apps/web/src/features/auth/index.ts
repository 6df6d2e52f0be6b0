/** What other features may use from auth. */
// the shell's: who is signed in (the layout's user query) and 退出登录
export { useUserInfo } from './api';
export { confirmLogout } from './logout';
