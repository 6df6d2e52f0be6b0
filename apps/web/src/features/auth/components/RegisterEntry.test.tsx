import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyRegisterPanel } from './RegisterEntry';

describe('registration panel loader', () => {
  it('a chunk that fails to load (a dropped connection) shows 重试 and 返回 instead of breaking the login page', async () => {
    const Panel = lazyRegisterPanel(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const onBack = vi.fn();
    const onRetry = vi.fn();
    render(
      <Suspense fallback={null}>
        <Panel portal="base" onBack={onBack} onRetry={onRetry} />
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('页面加载失败，请检查网络后重试');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
