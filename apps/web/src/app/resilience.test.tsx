import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './ErrorFallback';
import { AppNotices } from './AppNotices';
import { checkVersion, resetVersionState, updateReady } from './version';
import { markNetworkFailure, markNetworkOk } from '../lib/network';

function Throw({ error }: { error: Error }): never {
  throw error;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  resetVersionState();
  markNetworkOk();
});
afterEach(() => vi.restoreAllMocks());

describe('a page that fails', () => {
  it('a chunk that did not load shows 刷新 in Chinese words, never the raw browser error', () => {
    render(
      <AppErrorBoundary>
        <Throw error={new TypeError('Failed to fetch dynamically imported module: http://x/assets/P-1.js')} />
      </AppErrorBoundary>,
    );
    const box = screen.getByTestId('app-fallback');
    expect(box).toHaveTextContent('页面没有加载出来');
    expect(box).toHaveTextContent('请点击“刷新”重新加载页面');
    expect(box).not.toHaveTextContent('Failed to fetch');
    expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument();
  });

  it('another error says 页面出错了 with 刷新; its details are folded away', () => {
    render(
      <AppErrorBoundary>
        <Throw error={new Error('boom')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByTestId('app-fallback')).toHaveTextContent('页面出错了');
    expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument();
    expect(screen.getByText('错误详情').closest('details')).not.toHaveAttribute('open');
  });

  it('the next page clears it', () => {
    const { rerender } = render(
      <AppErrorBoundary resetKey="/a">
        <Throw error={new Error('boom')} />
      </AppErrorBoundary>,
    );
    rerender(
      <AppErrorBoundary resetKey="/b">
        <p>next page</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('next page')).toBeInTheDocument();
  });
});

describe('banners', () => {
  it('shows the offline banner while requests get no answer, and 网络已恢复 after', async () => {
    render(
      <MemoryRouter>
        <AppNotices />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => markNetworkFailure());
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('网络已断开');
    act(() => markNetworkOk());
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.getByText('网络已恢复')).toBeInTheDocument();
  });
});

describe('version check', () => {
  const answer = (version: string) => vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify({ version }), { status: 200 }));

  it('finds a new deploy when version.json names another build; a failure is no news', async () => {
    expect(await checkVersion(true, vi.fn().mockRejectedValue(new TypeError('offline')))).toBe(false);
    const f = answer('another-build');
    expect(await checkVersion(true, f)).toBe(true);
    expect(f.mock.calls[0]![0]).toMatch(/^\/version\.json\?t=\d+$/);
    expect(updateReady()).toBe(true);
  });

  it('the same build is no update', async () => {
    expect(await checkVersion(true, answer('dev'))).toBe(false);
  });

  it('asks at most every 30 s unless forced', async () => {
    const f = answer('dev');
    await checkVersion(true, f);
    await checkVersion(false, f);
    expect(f).toHaveBeenCalledTimes(1);
  });
});
