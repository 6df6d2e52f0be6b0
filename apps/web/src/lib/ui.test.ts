import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { uiStatic } from './ui';

describe('static fallback (no shell mounted: login pages, toasts across navigation)', () => {
  it('confirm buttons keep two-character texts as written (antd would show 确 定 / 取 消)', async () => {
    uiStatic().confirm({ title: '提示', content: '确定退出登录吗？', okText: '确定', cancelText: '取消' });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: '确定' })).toHaveTextContent(/^确定$/);
    expect(within(dialog).getByRole('button', { name: '取消' })).toHaveTextContent(/^取消$/);
  });
});
