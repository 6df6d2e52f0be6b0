import { buildUrl, REQUEST_TIMEOUT, ApiError, offlineError, refusal, reloginMark } from './request';
import { browserOffline, markNetworkFailure, markNetworkOk } from './network';
import { getToken } from './storage';
import { ui } from './ui';
import i18n from '../i18n';

type QueryValue = string | number | boolean | null | undefined;

/** Query values as the URL carries them (anything else, e.g. an object, is left out). */
function toQuery(query: object): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(query)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** Exports can take longer than an envelope call. */
const DOWNLOAD_TIMEOUT = Math.max(REQUEST_TIMEOUT, 60_000);

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * GETs a file endpoint (Excel export) with the session headers and saves it. A JSON answer is an
 * envelope with the reason the server refused: a 403 opens the re-login dialog, anything else is
 * shown as a toast.
 */
export async function downloadFile(path: string, query: object, fallbackName: string): Promise<string> {
  // offline: said at once (导出 does not spin until the timeout)
  if (browserOffline()) throw offlineError();
  const headers: Record<string, string> = {};
  const mark = reloginMark();
  const token = getToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.token = token;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT);
  let res: Response;
  try {
    res = await fetch(buildUrl(path, toQuery(query)), { headers, signal: controller.signal });
    markNetworkOk();
  } catch {
    markNetworkFailure();
    ui().message.error(i18n.t('request.networkToast'), 5);
    throw new ApiError(i18n.t('request.networkError'), null, true);
  } finally {
    clearTimeout(timer);
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json') || !res.ok) {
    let env: { code?: unknown; msg?: unknown } = {};
    try {
      env = (await res.json()) as typeof env;
    } catch {
      /* not JSON */
    }
    throw refusal(env, mark);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
