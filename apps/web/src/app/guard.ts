import { homeOf, isKnownPath } from './routeSets';
import type { PortalType } from '../lib/storage';

export const LOGIN_PATHS: Record<PortalType, string> = {
  trader: '/trader/login',
  manage: '/manage/login',
  qualityInspection: '/qualityInspection/login',
  base: '/base/login',
};

/** Paths anyone may open (spec §2 "Public routes"). */
export const PUBLIC_PATHS: readonly string[] = [
  ...Object.values(LOGIN_PATHS),
  '/login',
  '/trader/doudian-auth',
  '/doudian-auth',
  '/auth-redirect',
  '/404',
  '/401',
];

/** First path segment → the portal that owns it (for the login page of a logged-out visitor). */
const SEGMENT_PORTAL: Record<string, PortalType> = {
  trader: 'trader',
  'doudian-auth': 'trader',
  manage: 'manage',
  base: 'base',
  baseAccount: 'base',
  baseConfig: 'base',
  qualityInspection: 'qualityInspection',
  warehousing: 'qualityInspection',
  QIconfig: 'qualityInspection',
  QIfinance: 'qualityInspection',
};

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

export function normalizePath(path: string): string {
  if (!path) return '/';
  const p = path.startsWith('/') ? path : `/${path}`;
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : p;
}

export function isLoginPath(path: string): boolean {
  const p = normalizePath(path);
  return p === '/login' || (Object.values(LOGIN_PATHS) as string[]).includes(p);
}

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(normalizePath(path)) || /^\/verify\/[^/]+$/.test(normalizePath(path));
}

export function portalOfPath(path: string): PortalType | null {
  const seg = normalizePath(path).split('/')[1] ?? '';
  return SEGMENT_PORTAL[seg] ?? null;
}

/** encodeURIComponent, with '/' left readable. */
export function encodeRedirect(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/');
}

function stripQ(query: string): string {
  return query.startsWith('?') ? query.slice(1) : query;
}

/** `/{portal}/login?redirect={path}?{query}` (the `?{query}` part only when there is a query). */
export function loginRedirect(portal: PortalType, path: string, query = ''): string {
  const q = stripQ(query);
  const target = q ? `${path}?${q}` : path;
  return `${LOGIN_PATHS[portal]}?redirect=${encodeRedirect(target)}`;
}

/** The portal whose login page a visitor of `path` should see. */
export function loginPortalFor(path: string, userType: PortalType | null): PortalType {
  return userType ?? portalOfPath(path) ?? 'trader';
}

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

const SAME_SITE_BASE = 'http://same-site.invalid';

/**
 * The `redirect` query a login page honours: an in-app path only (never another origin, never a
 * login page), else the fallback.
 */
export function safeRedirect(raw: string | null | undefined, fallback: string): string {
  // URLSearchParams has already decoded the value once
  const v = raw ?? '';
  if (!v.startsWith('/') || v.startsWith('//')) return fallback;
  // browsers drop tabs and newlines from URLs and read a backslash as '/': '/\t/evil.example' and
  // '/\\evil.example' would both leave the site
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(v)) return fallback;
  let url: URL;
  try {
    url = new URL(v, SAME_SITE_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_SITE_BASE) return fallback;
  if (isLoginPath(url.pathname)) return fallback;
  return v;
}

