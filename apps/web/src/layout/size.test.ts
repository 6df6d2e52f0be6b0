import { describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { SIZE_OPTIONS, antdSize, switchSize } from './size';
import { readSize, useAppStore } from '../app/stores/app';
import i18n from '../i18n';

describe('size switch', () => {
  it('offers Default, Medium, Small, Mini and defaults to medium', () => {
    Cookies.remove('size');
    expect(SIZE_OPTIONS.map((o) => i18n.t(o.label, { lng: 'zh-CN' }))).toEqual(['Default', 'Medium', 'Small', 'Mini']);
    expect(readSize()).toBe('medium');
    expect(antdSize('default')).toBe('large');
    expect(antdSize('medium')).toBe('middle');
    expect(antdSize('mini')).toBe('small');
  });
  it("saves cookie size, says 'Switch Size Success' and reloads the view through /redirect", () => {
    const message = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
    const navigate = vi.fn();
    switchSize('small', { message, navigate, pathname: '/base/order/list', search: '?a=1', successText: i18n.t('size.switched', { lng: 'zh-CN' }) });
    expect(Cookies.get('size')).toBe('small');
    expect(useAppStore.getState().size).toBe('small');
    expect(message.success).toHaveBeenCalledWith('Switch Size Success');
    expect(navigate).toHaveBeenCalledWith('/redirect/base/order/list?a=1', { replace: true });
  });
  it('the sidebar toggle is remembered in cookie sidebarStatus', () => {
    useAppStore.getState().openSideBar();
    useAppStore.getState().toggleSideBar();
    expect(Cookies.get('sidebarStatus')).toBe('0');
    useAppStore.getState().toggleSideBar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });
});
