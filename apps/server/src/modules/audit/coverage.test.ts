import { afterAll, beforeAll, expect, it } from 'vitest';
import { operationsOf } from '../../../hardening/openapi';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('lists', () => {
  const ops = operationsOf(t.app).filter((o) => o.method !== 'GET');
  console.log(ops.map((o) => `${o.method} ${o.url} ${JSON.stringify(o.auth)} ${o.permission ?? ''}`).join('\n'));
  expect(ops.length).toBeGreaterThan(0);
});
