import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';

describe('health', () => {
  it('answers ok with the database ok, then 503 / 1500 once the database stops answering', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 1000, msg: 'success', data: { status: 'ok', db: 'ok' } });
      await t.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 1500, request_id: down.headers['x-request-id'] });
    } finally {
      await t.app.close();
    }
  });
});
