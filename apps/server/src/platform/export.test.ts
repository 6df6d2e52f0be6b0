import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { defineRoutes } from './route';
import { sendXlsx, xlsxFile, type SheetColumn } from './export';

// Issue 13, fault 5: an export whose query fails half-way must not answer 200 and a cut-off file.

const columns: SheetColumn<{ n: number }>[] = [{ header: '序号', width: 8, value: (r) => r.n }];
async function* failingRows(after: number) {
  for (let n = 1; n <= after; n++) yield { n };
  throw new Error('connection to the database lost');
}

const broken = endpoint({ method: 'GET', path: '/test/brokenExport', summary: 'an export whose rows fail half-way', data: z.unknown() });
const routes = defineRoutes((r) => {
  r.route(broken, { auth: ['trader'] }, async ({ reply, now }) => sendXlsx(reply, await xlsxFile('表', columns, failingRows(500)), { prefix: '测试', fallbackName: 't.xlsx', now }));
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { extraRoutes: [routes] } });
});
afterAll(async () => t.close());

describe('Excel exports', () => {
  it('rejects the whole file when the rows fail after the first ones', async () => {
    await expect(xlsxFile('表', columns, failingRows(3))).rejects.toThrow(/database lost/);
  });

  it('answers the error envelope, not a 200 file, when the query fails half-way', async () => {
    const token = await t.login('trader', '13800000001');
    const res = await t.app.inject({ method: 'GET', url: '/api/test/brokenExport', headers: t.auth(token) });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 1500 });
  });

  it('sends a finished export with its Content-Length, so a cut connection shows as a failed download', async () => {
    const token = await t.login('trader', '13800000001');
    const res = await t.app.inject({ method: 'GET', url: '/api/merchant/v1/Finance/ledgerExport', headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK'); // a zip, as .xlsx is
  });
});
