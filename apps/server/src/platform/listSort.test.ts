import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountSort, batchSort, ledgerSort, listSort, orderSort, statementListSort } from '@gemqc/contract';
import { accounts, batches } from '../db/schema';
import { listOrderBy } from './listSort';

const dialect = new PgDialect();
const text = (order: ReturnType<typeof listOrderBy>) => dialect.sqlToQuery(sql.join(order, sql`, `)).sql;

/** Text a client may send as a sort key: anything, the real keys, near misses and prototype names. */
const sentKey = (keys: readonly string[]) =>
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(...keys),
    fc.constantFrom(...keys).map((k) => k.toUpperCase()),
    fc.constantFrom(...keys).map((k) => ` ${k}`),
    fc.constantFrom(...keys).map((k) => `${k} desc`),
    fc.constantFrom(...keys).map((k) => `${k}; drop table accounts`),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'id', ''),
  );

describe('listSort: the sort params a list declares once (contract)', () => {
  for (const spec of [orderSort, ledgerSort, statementListSort, batchSort, accountSort]) {
    const query = z.object(spec.shape);
    it(`${spec.keys.join(', ')}: accepts exactly its keys, refusing any other text with the sentence naming its columns`, () => {
      fc.assert(
        fc.property(sentKey(spec.keys), (s) => {
          const r = query.safeParse({ sort_by: s });
          if ((spec.keys as readonly string[]).includes(s)) {
            expect(r.data).toEqual({ sort_by: s, sort_order: 'desc' });
          } else {
            expect(r.success).toBe(false);
            expect(r.error?.issues[0]?.message).toBe(`不能按这一列排序：此列表只能按${spec.keys.map((k) => (spec.labels as Record<string, string>)[k]).join('、')}排序`);
          }
        }),
        { numRuns: 300 },
      );
    });
  }

  it('sort_order is asc or desc (default desc); anything else is refused with a sentence', () => {
    const query = z.object(ledgerSort.shape);
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('asc', 'desc', 'ASC', 'ascend', 'descend')), (s) => {
        const r = query.safeParse({ sort_by: 'amount', sort_order: s });
        if (s === 'asc' || s === 'desc') expect(r.data?.sort_order).toBe(s);
        else expect(r.error?.issues[0]?.message).toBe('排序方向只能是asc（升序）或desc（降序）');
      }),
    );
    expect(query.parse({})).toEqual({ sort_order: 'desc' });
  });

  it('the keys are the labels’ keys, in the order the list declares them', () => {
    const s = listSort({ b: '乙', a: '甲' });
    expect(s.keys).toEqual(['b', 'a']);
  });
});

describe('listOrderBy: ORDER BY from the allow-list (server)', () => {
  const columns = { created_at: accounts.createdAt, last_login_at: { by: accounts.lastLoginAt, nullsLast: true as const }, status: accounts.status };
  const fallback = [sql`"accounts"."id" desc`];

  it('orders by the allow-listed column in the asked direction, then the id the same way', () => {
    expect(text(listOrderBy(columns, { sort_by: 'status', sort_order: 'asc' }, accounts.id, fallback))).toBe('"accounts"."status" asc, "accounts"."id" asc');
    expect(text(listOrderBy(columns, { sort_by: 'created_at', sort_order: 'desc' }, accounts.id, fallback))).toBe('"accounts"."created_at" desc, "accounts"."id" desc');
  });

  it('puts empty values last in both directions for a column declared nullsLast', () => {
    expect(text(listOrderBy(columns, { sort_by: 'last_login_at', sort_order: 'asc' }, accounts.id, fallback))).toBe('"accounts"."last_login_at" asc nulls last, "accounts"."id" asc');
    expect(text(listOrderBy(columns, { sort_by: 'last_login_at', sort_order: 'desc' }, accounts.id, fallback))).toBe('"accounts"."last_login_at" desc nulls last, "accounts"."id" desc');
  });

  it('keeps the list’s default order without a sort key, and throws for a key outside the allow-list (never SQL text)', () => {
    expect(listOrderBy(columns, { sort_order: 'asc' }, accounts.id, fallback)).toBe(fallback);
    for (const bad of ['toString', '__proto__', 'constructor', 'id; drop table accounts']) {
      expect(() => listOrderBy(columns, { sort_by: bad as 'status', sort_order: 'asc' }, batches.id, fallback)).toThrow('not a sort key of this list');
    }
  });
});
