import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, warehouseApi } from '@gemqc/contract';
import { listScans, queueScan, replayScans, resetOfflineStore } from './offlineScans';

const A = 'qualityInspection:7';
const B = 'qualityInspection:8';
const texts = { received: (b: string) => `已入仓，批次 ${b}`, shipped: (w: string) => `已发货，运单 ${w}` };

interface Sent {
  path: string;
  body: Record<string, unknown>;
  key: string | null;
}
let sent: Sent[];
/** Answers by path; a function may throw (no answer) or give an envelope. */
let answer: (path: string, body: Record<string, unknown>) => unknown;

const ok = (data: unknown) => ({ code: 1000, msg: '', data });

beforeEach(async () => {
  await resetOfflineStore();
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      const key = (init.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER] ?? null;
      sent.push({ path, body, key });
      const env = answer(path, body);
      return new Response(JSON.stringify(env), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const scanOk = (code: string) => ok({ can_receive: true, refusal: '', order: { id: `id-${code}`, order_no: `GQ-${code}` } });

describe('offline scans', () => {
  it('keeps each scan with its time, its account and a request key; another account on the browser neither sees nor sends it', async () => {
    answer = (path, body) => (path === warehouseApi.intakeScan.path ? scanOk(String(body.code)) : ok({ order: { order_no: 'GQ-1' }, batch: { batch_no: 'PC1' } }));
    const before = Date.now();
    const e = await queueScan(A, { kind: 'intake', code: 'SF1001' });
    expect(e).toMatchObject({ account: A, state: 'waiting', code: 'SF1001' });
    expect(e.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(e.scannedAt).toBeGreaterThanOrEqual(before);
    expect(await listScans(B)).toEqual([]);
    expect(await replayScans(B, texts)).toBe(0);
    expect(sent).toEqual([]);
    expect(await listScans(A)).toHaveLength(1);
  });

  it('replays in scan order, each write with the key it got when scanned, and marks each done with what became of it', async () => {
    answer = (path, body) => {
      if (path === warehouseApi.intakeScan.path) return scanOk(String(body.code));
      if (path === warehouseApi.intakeReceive.path) return ok({ order: { order_no: `GQ-${String(body.id).slice(3)}` }, batch: { batch_no: 'PC20261129001' } });
      return ok({ outbound_waybill: body.waybill });
    };
    const a = await queueScan(A, { kind: 'intake', code: 'SF1' });
    const s = await queueScan(A, { kind: 'ship', code: 'GQ-9', orderId: '9', carrier: '顺丰速运', waybill: 'SF9' });
    const b = await queueScan(A, { kind: 'intake', code: 'SF2' });
    expect(await replayScans(A, texts)).toBe(3);
    expect(sent.map((x) => [x.path, x.key])).toEqual([
      [warehouseApi.intakeScan.path, null],
      [warehouseApi.intakeReceive.path, a.key],
      [warehouseApi.orderShip.path, s.key],
      [warehouseApi.intakeScan.path, null],
      [warehouseApi.intakeReceive.path, b.key],
    ]);
    expect((await listScans(A)).map((x) => [x.code, x.state, x.result])).toEqual([
      ['SF1', 'done', '已入仓，批次 PC20261129001'],
      ['GQ-9', 'done', '已发货，运单 SF9'],
      ['SF2', 'done', '已入仓，批次 PC20261129001'],
    ]);
    // nothing is sent twice
    expect(await replayScans(A, texts)).toBe(0);
    expect(sent).toHaveLength(5);
  });

  it('a receive whose answer was lost is asked again with the same key, without a new lookup (that would call it a conflict)', async () => {
    let drop = true;
    answer = (path, body) => {
      if (path === warehouseApi.intakeScan.path) return scanOk(String(body.code));
      if (drop) {
        drop = false;
        throw new TypeError('Failed to fetch');
      }
      return ok({ order: { order_no: 'GQ-SF3' }, batch: { batch_no: 'PC1' } });
    };
    const e = await queueScan(A, { kind: 'intake', code: 'SF3' });
    await queueScan(A, { kind: 'intake', code: 'SF4' });
    expect(await replayScans(A, texts)).toBe(0);
    // stopped at the first: the second waits its turn
    expect(sent.map((x) => x.body.code ?? x.body.id)).toEqual(['SF3', 'id-SF3']);
    expect((await listScans(A))[0]).toMatchObject({ state: 'waiting', sent: true, orderId: 'id-SF3' });
    sent = [];
    expect(await replayScans(A, texts)).toBe(2);
    expect(sent[0]).toMatchObject({ path: warehouseApi.intakeReceive.path, key: e.key, body: { id: 'id-SF3' } });
  });

  it('a refused scan is a conflict with the server’s reason; the next scans go on', async () => {
    answer = (path, body) => {
      if (path === warehouseApi.intakeScan.path && body.code === 'SF5') return ok({ can_receive: false, refusal: '订单已入仓，请勿重复操作', order: { id: 'id-SF5', order_no: 'GQ-SF5' } });
      if (path === warehouseApi.orderShip.path) return { code: 1001, msg: '订单已被拦截，不能发货' };
      if (path === warehouseApi.intakeScan.path) return scanOk(String(body.code));
      return ok({ order: { order_no: 'GQ-SF6' }, batch: { batch_no: 'PC2' } });
    };
    await queueScan(A, { kind: 'intake', code: 'SF5' });
    await queueScan(A, { kind: 'ship', code: 'GQ-7', orderId: '7', carrier: '顺丰速运', waybill: 'SF7' });
    await queueScan(A, { kind: 'intake', code: 'SF6' });
    expect(await replayScans(A, texts)).toBe(1);
    expect((await listScans(A)).map((x) => [x.state, x.result])).toEqual([
      ['conflict', '订单已入仓，请勿重复操作'],
      ['conflict', '订单已被拦截，不能发货'],
      ['done', '已入仓，批次 PC2'],
    ]);
  });

  it('a session that ended (403) or a server fault keeps the scan waiting, not refused', async () => {
    answer = () => ({ code: 403, msg: '登录失效' });
    await queueScan(A, { kind: 'ship', code: 'GQ-8', orderId: '8', carrier: '顺丰速运', waybill: 'SF8' });
    expect(await replayScans(A, texts)).toBe(0);
    answer = () => ({ code: 1500, msg: '服务器错误' });
    expect(await replayScans(A, texts)).toBe(0);
    expect((await listScans(A))[0]).toMatchObject({ state: 'waiting' });
  });
});
