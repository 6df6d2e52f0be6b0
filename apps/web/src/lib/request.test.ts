import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoint } from '@gemqc/contract';
import { z } from 'zod';
import { ApiError, REQUEST_TIMEOUT, buildUrl, callApi, resetRequestState } from './request';
import { setUi, type ConfirmOptions, type UiApi } from './ui';

const getEp = endpoint({ method: 'GET', path: '/t/v1/Thing/info', summary: 't', query: z.object({ id: z.string() }), data: z.object({ a: z.number() }) });
const postEp = endpoint({ method: 'POST', path: '/t/v1/Thing/add', summary: 't', body: z.object({ name: z.string() }), data: z.null() });

function makeUi() {
  const confirms: ConfirmOptions[] = [];
  const api = {
    message: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
    confirm: vi.fn((o: ConfirmOptions) => confirms.push(o)),
  } satisfies UiApi;
  setUi(api);
  return { api, confirms };
}

function respond(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  resetRequestState();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUi(null);
});

describe('request layer', () => {
  it('resolves data for code 1000 and sends GET query under /api', async () => {
    makeUi();
    const f = respond({ code: 1000, msg: 'success', data: { a: 1 } });
    await expect(callApi(getEp, { query: { id: '7' } })).resolves.toEqual({ a: 1 });
    expect(f.mock.calls[0]![0]).toBe('/api/t/v1/Thing/info?id=7');
    expect(f.mock.calls[0]![1]!.method).toBe('GET');
  });

  it('treats code 200, stat ok and HTTP 204 as success', async () => {
    makeUi();
    respond({ code: 200, data: { a: 2 } });
    await expect(callApi(getEp, { query: { id: '1' } })).resolves.toEqual({ a: 2 });
    respond({ stat: 'ok', data: { a: 3 } });
    await expect(callApi(getEp, { query: { id: '1' } })).resolves.toEqual({ a: 3 });
    respond(undefined, 204);
    await expect(callApi(postEp, { body: { name: 'x' } })).resolves.toBeUndefined();
  });

  it('sends Bearer and token headers when logged in, JSON body on POST', async () => {
    makeUi();
    localStorage.setItem('token', 'tok123');
    const f = respond({ code: 1000, data: null });
    await callApi(postEp, { body: { name: 'x' } });
    const init = f.mock.calls[0]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok123');
    expect(headers.token).toBe('tok123');
    expect(init.body).toBe('{"name":"x"}');
  });

  it('sends no auth headers when logged out', async () => {
    makeUi();
    const f = respond({ code: 1000, data: null });
    await callApi(postEp, { body: { name: 'x' } });
    const headers = f.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers.token).toBeUndefined();
  });

  it('code 403 opens the re-login confirm; confirming resets the token and reloads', async () => {
    const { confirms } = makeUi();
    localStorage.setItem('token', 'old');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    respond({ code: 403, msg: '登录已过期', data: null });
    const err = await callApi(getEp, { query: { id: '1' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(403);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]).toMatchObject({ title: '提示', content: '登录失效，请重新登录', okText: '重新登录', cancelText: '取消' });
    // a second 403 while the dialog is open does not open another
    respond({ code: 403, msg: '', data: null });
    await callApi(getEp, { query: { id: '1' } }).catch(() => undefined);
    expect(confirms).toHaveLength(1);
    confirms[0]!.onOk!();
    expect(localStorage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('取消 closes the re-login confirm; a 403 of a request sent before it does not reopen it, a later one does', async () => {
    const { confirms } = makeUi();
    localStorage.setItem('token', 'old');
    let answer: (r: Response) => void = () => undefined;
    const slow = new Promise<Response>((r) => (answer = r));
    vi.stubGlobal('fetch', vi.fn(() => slow));
    const late = callApi(getEp, { query: { id: '1' } }).catch(() => undefined); // in flight
    respond({ code: 403, msg: '', data: null });
    await callApi(getEp, { query: { id: '2' } }).catch(() => undefined);
    expect(confirms).toHaveLength(1);
    confirms[0]!.onCancel!();
    answer(new Response(JSON.stringify({ code: 403, msg: '', data: null })));
    await late;
    expect(confirms).toHaveLength(1);
    expect(localStorage.getItem('token')).toBe('old');
    await callApi(getEp, { query: { id: '3' } }).catch(() => undefined);
    expect(confirms).toHaveLength(2);
  });

  it('code 1001 shows the server message for 3 s and rejects', async () => {
    const { api } = makeUi();
    respond({ code: 1001, msg: '余额不足', data: null });
    await expect(callApi(getEp, { query: { id: '1' } })).rejects.toMatchObject({ message: '余额不足', code: 1001, shown: true });
    expect(api.message.error).toHaveBeenCalledWith('余额不足', 3);
  });

  it('code 1001 without a message shows 请求失败!', async () => {
    const { api } = makeUi();
    respond({ code: 1001, msg: '', data: null });
    await expect(callApi(getEp, { query: { id: '1' } })).rejects.toThrow('请求失败!');
    expect(api.message.error).toHaveBeenCalledWith('请求失败!', 3);
  });

  it('every other code is rejected with the server message and shown too (issue 15: no code is dropped)', async () => {
    const { api } = makeUi();
    respond({ code: 1004, msg: '订单不存在', data: null });
    await expect(callApi(getEp, { query: { id: '1' } })).rejects.toMatchObject({ message: '订单不存在', code: 1004, shown: true });
    expect(api.message.error).toHaveBeenLastCalledWith('订单不存在', 3);
    respond({ code: 1003, msg: '没有「订单列表」权限，请联系账号管理员开通', data: null });
    await expect(callApi(getEp, { query: { id: '1' } })).rejects.toMatchObject({ code: 1003, shown: true });
    expect(api.message.error).toHaveBeenLastCalledWith('没有「订单列表」权限，请联系账号管理员开通', 3);
    respond({ code: 1029, data: null }, 429);
    await expect(callApi(getEp, { query: { id: '1' } })).rejects.toThrow('请求失败!');
    expect(api.message.error).toHaveBeenCalledTimes(3);
  });

  it('1029 says when to try again (Retry-After); 1500 carries the request id', async () => {
    const { api } = makeUi();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 1029, msg: '验证码请求过于频繁，请稍后再试', data: null }), { status: 429, headers: { 'retry-after': '42' } })));
    await expect(callApi(postEp, { body: { name: 'x' } })).rejects.toMatchObject({ code: 1029, message: '验证码请求过于频繁，请42 秒后再试' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 1029, msg: '操作太频繁', data: null }), { status: 429, headers: { 'retry-after': '600' } })));
    await expect(callApi(postEp, { body: { name: 'x' } })).rejects.toThrow('操作太频繁（10 分钟后可重试）');
    // a sentence that already says when stays as it is
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 1029, msg: '验证码已发送，请58秒后再试', data: null }), { status: 429, headers: { 'retry-after': '58' } })));
    await expect(callApi(postEp, { body: { name: 'x' } })).rejects.toThrow('验证码已发送，请58秒后再试');
    respond({ code: 1500, msg: '数据库暂时无法访问', data: null, request_id: 'req-7f3a' }, 503);
    await expect(callApi(getEp, { query: { id: '1' } })).rejects.toMatchObject({ code: 1500, message: '数据库暂时无法访问（请求编号 req-7f3a）', shown: true });
    expect(api.message.error).toHaveBeenLastCalledWith('数据库暂时无法访问（请求编号 req-7f3a）', 6);
  });

  it('a page that shows a code itself (handles) and a background call (silent) get no toast', async () => {
    const { api } = makeUi();
    respond({ code: 1004, msg: '没有找到这个单号', data: null });
    await expect(callApi(getEp, { query: { id: '1' }, handles: [1004] })).rejects.toMatchObject({ code: 1004, shown: false });
    respond({ code: 1500, msg: '服务器内部错误', data: null });
    await expect(callApi(getEp, { query: { id: '1' }, silent: true })).rejects.toMatchObject({ code: 1500, shown: false });
    expect(api.message.error).not.toHaveBeenCalled();
  });

  it('network failure: toast 网络错误 for 5 s and reject with 网络错误!', async () => {
    const { api } = makeUi();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(callApi(getEp, { query: { id: '1' } })).rejects.toThrow('网络错误!');
    expect(api.message.error).toHaveBeenCalledWith('网络错误', 5);
  });

  it('one failure of several requests at once is one toast while it is on screen; later it is shown again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api } = makeUi();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await Promise.all([1, 2, 3].map((id) => expect(callApi(getEp, { query: { id: String(id) } })).rejects.toThrow('网络错误!')));
    expect(api.message.error).toHaveBeenCalledTimes(1);
    respond({ code: 1500, msg: '服务器繁忙', data: null });
    await Promise.all([1, 2].map(() => expect(callApi(getEp, { query: { id: '1' } })).rejects.toMatchObject({ shown: true })));
    expect(api.message.error).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(6_000);
    await expect(callApi(getEp, { query: { id: '1' } })).rejects.toMatchObject({ code: 1500 });
    expect(api.message.error).toHaveBeenCalledTimes(3);
  });

  it('a non-JSON error page (proxy down) counts as a network failure', async () => {
    const { api } = makeUi();
    respond('<html>502</html>', 502);
    await expect(callApi(getEp, { query: { id: '1' } })).rejects.toThrow('网络错误!');
    expect(api.message.error).toHaveBeenCalledWith('网络错误', 5);
  });

  it(`times out after ${REQUEST_TIMEOUT} ms as a network error`, async () => {
    vi.useFakeTimers();
    const { api } = makeUi();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_u: string, init?: RequestInit) =>
          new Promise((_res, rej) => init?.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const p = callApi(getEp, { query: { id: '1' } });
    const settled = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT - 1);
    expect(api.message.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const err = await settled;
    expect((err as Error).message).toBe('网络错误!');
    expect(api.message.error).toHaveBeenCalledWith('网络错误', 5);
  });

  it('silent calls reject without toasts or dialogs', async () => {
    const { api, confirms } = makeUi();
    respond({ code: 1001, msg: 'x', data: null });
    await expect(callApi(getEp, { query: { id: '1' }, silent: true })).rejects.toMatchObject({ shown: false });
    respond({ code: 403, msg: 'x', data: null });
    await expect(callApi(getEp, { query: { id: '1' }, silent: true })).rejects.toMatchObject({ code: 403 });
    expect(api.message.error).not.toHaveBeenCalled();
    expect(confirms).toHaveLength(0);
  });

  it('buildUrl skips empty values and repeats arrays', () => {
    expect(buildUrl('/a', { x: 1, y: undefined, z: null, l: ['p', 'q'] })).toBe('/api/a?x=1&l=p&l=q');
    expect(buildUrl('/a')).toBe('/api/a');
  });
});

/** A JSON envelope as the server sends it (downloads tell a file from a refusal by the Content-Type). */
function respondJson(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } })));
}

describe('downloads (Excel exports) refused by the server', () => {
  it('a 403 opens the re-login dialog, like any call; another refusal is a toast', async () => {
    const { downloadFile } = await import('./download');
    const { api, confirms } = makeUi();
    respondJson({ code: 403, msg: '登录已失效' });
    await expect(downloadFile('/merchant/v1/Testing/orderExport', {}, 'x.xlsx')).rejects.toMatchObject({ code: 403 });
    expect(confirms.map((c) => c.content)).toEqual(['登录失效，请重新登录']);
    expect(api.message.error).not.toHaveBeenCalled();
    respondJson({ code: 1001, msg: '最多导出10000条' });
    await expect(downloadFile('/merchant/v1/Testing/orderExport', {}, 'x.xlsx')).rejects.toMatchObject({ code: 1001, message: '最多导出10000条' });
    expect(api.message.error).toHaveBeenCalledWith('最多导出10000条', 3);
  });
});
