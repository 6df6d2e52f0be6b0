import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoint } from '@gemqc/contract';
import { z } from 'zod';
import { callApi, isOfflineError, resetRequestState } from './request';
import { downloadFile } from './download';
import { isOffline, markNetworkOk } from './network';
import { isChunkLoadError, retryImport } from './lazyRetry';
import { setUi, type UiApi } from './ui';

const postEp = endpoint({ method: 'POST', path: '/t/v1/Thing/add', summary: 't', body: z.object({ name: z.string() }), data: z.null() });

function setOnline(on: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => on });
  window.dispatchEvent(new Event(on ? 'online' : 'offline'));
}

let toasts: string[];
beforeEach(() => {
  toasts = [];
  const push = (m: string) => void toasts.push(m);
  setUi({ message: { success: push, error: push, warning: push, info: push }, confirm: vi.fn() } satisfies UiApi);
  resetRequestState();
  markNetworkOk();
});
afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
  setUi(null);
});

describe('offline: writes and exports say why at once', () => {
  it('a call while the browser is offline is refused without a request, with a Chinese sentence', async () => {
    const f = vi.fn();
    vi.stubGlobal('fetch', f);
    setOnline(false);
    const err = await callApi(postEp, { body: { name: 'x' } }).catch((e: unknown) => e);
    expect(isOfflineError(err)).toBe(true);
    expect((err as Error).message).toBe('网络已断开，请联网后再试');
    expect(f).not.toHaveBeenCalled();
    expect(toasts).toEqual(['网络已断开，请联网后再试']);
  });

  it('导出 while offline is refused at once (no request, no spinner waiting for a timeout)', async () => {
    const f = vi.fn();
    vi.stubGlobal('fetch', f);
    setOnline(false);
    await expect(downloadFile('/t/v1/Thing/export', {}, 'x.xlsx')).rejects.toThrow('网络已断开，请联网后再试');
    expect(f).not.toHaveBeenCalled();
  });

  it('a request with no answer marks the app offline until the next answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(new Response(JSON.stringify({ code: 1000, data: null }))));
    await expect(callApi(postEp, { body: { name: 'x' } })).rejects.toThrow('网络错误!');
    expect(isOffline()).toBe(true);
    await callApi(postEp, { body: { name: 'x' } });
    expect(isOffline()).toBe(false);
  });
});

describe('chunks that do not load', () => {
  it('recognises the browsers’ words for a chunk that did not load, not other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/A-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false);
  });

  it('retries a chunk that failed to load, and gives up after the last try', async () => {
    const chunkErr = new TypeError('Failed to fetch dynamically imported module: /assets/A.js');
    const loader = vi.fn().mockRejectedValueOnce(chunkErr).mockResolvedValueOnce({ default: 'page' });
    await expect(retryImport(loader, [1])).resolves.toEqual({ default: 'page' });
    expect(loader).toHaveBeenCalledTimes(2);
    const never = vi.fn().mockRejectedValue(chunkErr);
    await expect(retryImport(never, [1, 1])).rejects.toBe(chunkErr);
    expect(never).toHaveBeenCalledTimes(3);
  });

  it('does not retry a bug in the module, nor wait while offline', async () => {
    const bug = vi.fn().mockRejectedValue(new ReferenceError('x is not defined'));
    await expect(retryImport(bug, [1])).rejects.toThrow('x is not defined');
    expect(bug).toHaveBeenCalledTimes(1);
    setOnline(false);
    const off = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module: /a.js'));
    await expect(retryImport(off, [1])).rejects.toThrow();
    expect(off).toHaveBeenCalledTimes(1);
  });
});
