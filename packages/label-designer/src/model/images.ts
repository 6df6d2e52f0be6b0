/**
 * Which pictures the print paths draw: only those stored with the app — the server stores a
 * template's pictures (uploads, and pictures on another host fetched at save) and serves them at
 * `/api/publics/v1/Template/image?key=…`. The canvas, browser print, PDF and C-Lodop all draw a
 * picture through this rule, so none of them shows a broken-image icon for a link the app's
 * content policy blocks or that may vanish; a picture on another host that could not be stored
 * (the save warned about it) prints as an empty box.
 */

/** The public path of a stored template picture. */
const STORED_PATH = /\/publics\/v1\/Template\/image$/;

const pageOrigin = (): string | undefined => (globalThis as { location?: { origin?: string } }).location?.origin;

/**
 * The address to draw `src` from, or '' when it is not a stored picture (or still a `{field}`): a data:image URL, a
 * relative address (this app's own), an absolute one on the page's origin, or a stored template
 * picture named under another host name of the app (drawn from this origin). `absolute` gives an
 * absolute address (C-Lodop fetches the picture itself, outside the page).
 */
export function printableImageSrc(src: string | undefined, opts: { absolute?: boolean; origin?: string } = {}): string {
  const s = (src ?? '').trim();
  // empty, or a placeholder no data filled in (the design shown without a row): no picture
  if (!s || /\{[^}]*\}/.test(s)) return '';
  if (/^data:image\//i.test(s)) return s;
  const origin = opts.origin ?? pageOrigin();
  const isAbsolute = /^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith('//');
  if (!isAbsolute) return opts.absolute && origin ? new URL(s, origin).href : s;
  let url: URL;
  try {
    url = new URL(s, origin);
  } catch {
    return '';
  }
  if (origin && url.origin === origin) return s;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && STORED_PATH.test(url.pathname) && url.searchParams.get('key')) {
    const path = `${url.pathname}${url.search}`;
    return opts.absolute ? (origin ? new URL(path, origin).href : s) : path;
  }
  return '';
}
