import type { PortalType } from '../lib/storage';

// Where each portal signs in, which pages anyone may open, and the redirect a login page honours:
// plain path rules the guard (app/), the login pages and 退出登录 (features/auth) share.

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
