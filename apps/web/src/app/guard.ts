import { homeOf, isKnownPath } from './routeSets';
import type { PortalType } from '../lib/storage';
import { isLoginPath, isPublicPath, loginPortalFor, loginRedirect, normalizePath, safeRedirect } from '../session/loginPaths';

export interface Session {
  token: string | null;
  userType: PortalType | null;
  rolesLoaded: boolean;
  /** Where a sign-in that has just stored this session continues (until it has left the login page). */
  loginTarget?: string | null;
  /** Where this account lands (its permitted home, `landingOf`); the portal's home when absent. */
  landing?: string;
  /** Whether the account may not use the page at a path (its role lacks the page's permission). */
  forbidden?: (path: string) => boolean;
}

export type Navigation = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loadRoles' };

/** The navigation guard of spec §4 as a plain function. */
export function resolveNavigation(path: string, query: string, session: Session): Navigation {
  const p = normalizePath(path);
  if (session.token) {
    // a login page with a session: home, unless a sign-in is completing there; then the page it
    // continues to. (The sign-in stores the session before its navigation commits, so this rule
    // sees the login path with the new token first and must not send it home.)
    const home = session.landing ?? homeOf(session.userType);
    if (isLoginPath(p)) return { kind: 'redirect', to: safeRedirect(session.loginTarget, home) };
    if (p === '/') return { kind: 'redirect', to: session.userType && session.userType !== 'trader' ? home : '/trader' };
    if (!session.rolesLoaded) return { kind: 'loadRoles' };
    // a page the role does not allow shows 401 (home, the root and a sign-in go to `landing` instead)
    if (session.forbidden?.(p)) return { kind: 'redirect', to: '/401' };
    return { kind: 'allow' };
  }
  if (p === '/') return { kind: 'redirect', to: '/trader' };
  if (isPublicPath(p)) return { kind: 'allow' };
  if (!isKnownPath(p)) return { kind: 'redirect', to: '/404' };
  return { kind: 'redirect', to: loginRedirect(loginPortalFor(p, session.userType), p, query) };
}
