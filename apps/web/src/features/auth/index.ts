/** What other features may use from auth. */
// the shell's: who is signed in (the layout's user query) and 退出登录
export { useUserInfo } from './api';
export { confirmLogout } from './logout';
// 个人中心, the header's account dialog: loaded on first use (its forms stay out of the shell's chunk)
export const loadAccountDialog = () => import('./account/components/AccountDialog');
