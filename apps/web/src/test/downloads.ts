import { vi } from 'vitest';
import { setUi } from '../lib/ui';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Replaces fetch for a page with an Excel export: `json` paths answer their envelope, `files` paths
 * answer an .xlsx attachment named as the server names it (RFC 5987 `filename*`), anything else
 * 1004. Returns the mock to inspect the URLs that were called.
 */
export function stubFetchWithFiles(json: Record<string, unknown>, files: Record<string, string>) {
  const fn = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const file = files[path];
    if (file !== undefined) {
      const disposition = `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(file)}`;
      return new Response(new Uint8Array([0x50, 0x4b]), { status: 200, headers: { 'content-type': XLSX, 'content-disposition': disposition } });
    }
    const body = path in json ? json[path] : { code: 1004, msg: '不存在', data: null };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The URLs fetch was called with for one API path. */
export const urlsTo = (fetch: { mock: { calls: unknown[][] } }, path: string): URL[] =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${path}`);

/** The names of the files saved (downloadFile clicks an `<a download>`); restore with vi.restoreAllMocks. */
export function catchDownloads(): string[] {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }));
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

/** Toasts and dialogs as mocks (a page's 已导出 toast); undo with setUi(null). */
export function fakeMessages() {
  const message = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
  setUi({ message, confirm: vi.fn() });
  return message;
}
