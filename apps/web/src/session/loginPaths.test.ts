import { describe, expect, it } from 'vitest';
import { encodeRedirect, loginRedirect, safeRedirect } from './loginPaths';

describe('redirect values', () => {
  it('encodes with encodeURIComponent but keeps / readable', () => {
    expect(encodeRedirect('/a/b?c=d')).toBe('/a/b%3Fc%3Dd');
    expect(loginRedirect('base', '/base/order/detail', '?id=3')).toBe('/base/login?redirect=/base/order/detail%3Fid%3D3');
  });
  it('login honours only same-site paths', () => {
    expect(safeRedirect('/base/order/detail?id=3', '/home')).toBe('/base/order/detail?id=3');
    expect(safeRedirect('https://evil.example', '/home')).toBe('/home');
    expect(safeRedirect('//evil.example', '/home')).toBe('/home');
    expect(safeRedirect('/trader/login', '/home')).toBe('/home');
    expect(safeRedirect(null, '/home')).toBe('/home');
    expect(safeRedirect('/\\evil.example', '/home')).toBe('/home');
    expect(safeRedirect('/\t/evil.example', '/home')).toBe('/home');
    expect(safeRedirect('/manage/login/', '/home')).toBe('/home');
    expect(safeRedirect('/trader', '/home')).toBe('/trader');
  });
});
