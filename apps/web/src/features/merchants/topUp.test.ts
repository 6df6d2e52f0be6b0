import { describe, expect, it } from 'vitest';
import { adminMerchantApi } from '@gemqc/contract';
import { newIdempotencyKey } from './topUp';
import { fromSearchParams, toListQuery } from './filters';

describe('idempotency key', () => {
  it('is fresh each time and passes the contract', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    const body = adminMerchantApi.topUp.body!;
    expect(body.safeParse({ id: '1', amount: 100, idempotency_key: a }).success).toBe(true);
  });
});

describe('商户列表 filters → list query', () => {
  it('trims the keyword and sends status and auth status, including -1 (not submitted)', () => {
    expect(toListQuery({ keyword: '  翠玉 ', status_id: 0, auth_status_id: -1 }, 2)).toEqual({ page: 2, page_size: 20, keyword: '翠玉', status_id: 0, auth_status_id: -1 });
    expect(toListQuery({ keyword: '   ' })).toEqual({ page: 1, page_size: 20 });
  });

  it('reads the URL back and drops malformed values', () => {
    expect(fromSearchParams(new URLSearchParams('keyword=金福&status_id=1&auth_status_id=0')).query).toEqual({ page: 1, page_size: 20, keyword: '金福', status_id: 1, auth_status_id: 0 });
    expect(fromSearchParams(new URLSearchParams('status_id=5&auth_status_id=9&page=x')).query).toEqual({ page: 1, page_size: 20 });
  });
});
