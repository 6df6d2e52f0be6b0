import { getRole, getToken, getUserType, roleOfUserType } from '../lib/storage';
import { isLoginPath, normalizePath } from '../session/loginPaths';
import { routeOfPath, routeSetForRole } from './routeSets';
import { queryClient } from './queryClient';

/**
 * A signed-in page opened directly (a reload, a bookmark, a new tab) needs the shell's code, the
 * page's code and who is signed in. Left to React these wait on each other: the entry renders the
 * lazy layout, the layout then renders the lazy page and asks for the user. Started here, from the
 * entry, they load side by side; React.lazy and the query then find them under way (the browser
 * keeps one module per URL, the query client one request per key). A route with `prefetch` also
 * starts its list here: the page then finds its rows under way instead of asking after the user
 * info has come and the layout and the page have rendered.
 */
export function startSignedInPage(pathname: string, search: string): void {
  const userType = getUserType();
  if (!getToken() || !userType || isLoginPath(pathname)) return;
  const route = routeOfPath(routeSetForRole(getRole() ?? roleOfUserType(userType)), normalizePath(pathname));
  if (!route?.page) return;
  void import('../layout/Layout');
  void route.page();
  void route.prefetch?.(queryClient, new URLSearchParams(search));
  void import('../features/auth/api').then(({ userInfoQuery }) => queryClient.prefetchQuery(userInfoQuery(userType)));
}
