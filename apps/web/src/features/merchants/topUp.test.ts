import { describe, expect, it } from 'vitest';
import { fromSearchParams, toListQuery } from './filters';

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
