import { BASE_URL } from '../../lib/request';

/** A url the server answers relative to /api (a signed photo link) as an <img src>. */
export function photoSrc(url: string): string {
  if (/^https?:\/\//.test(url) || url.startsWith(`${BASE_URL}/`)) return url;
  return `${BASE_URL}${url.startsWith('/') ? '' : '/'}${url}`;
}
