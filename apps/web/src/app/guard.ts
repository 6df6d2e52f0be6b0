import { homeOf, isKnownPath } from './routeSets';
import { isPortalType, type PortalType } from '../lib/storage';

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
  return PUBLIC_PATHS.includes(normalizePath(path));
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
    if (isLoginPath(p)) return { kind: 'redirect', to: homeOf(session.userType) };
    if (p === '/') return { kind: 'redirect', to: session.userType && session.userType !== 'trader' ? homeOf(session.userType) : '/trader' };
    if (!session.rolesLoaded) return { kind: 'loadRoles' };
    return { kind: 'allow' };
  }
  if (p === '/') return { kind: 'redirect', to: '/trader' };
  if (isPublicPath(p)) return { kind: 'allow' };
  if (!isKnownPath(p)) return { kind: 'redirect', to: '/404' };
  return { kind: 'redirect', to: loginRedirect(loginPortalFor(p, session.userType), p, query) };
}

/**
 * The `redirect` query a login page honours: a same-site path only (never another origin), else
 * the portal's home.
 */
export function safeRedirect(raw: string | null | undefined, fallback: string): string {
  if (!raw) return fallback;
  // URLSearchParams has already decoded the value once
  const v = raw;
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return fallback;
  if (isLoginPath(v.split('?')[0] ?? '')) return fallback;
  return v;
}

export { isPortalType };
