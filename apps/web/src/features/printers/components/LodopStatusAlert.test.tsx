import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CLODOP_DOWNLOAD_URL, CLODOP_RESTART_URL, translate, type Lodop, type LodopStatus } from '@gemqc/label-designer';
import { LodopStatusAlert } from './LodopStatusAlert';

const zh = (key: Parameters<typeof translate>[1], p?: Record<string, string>) => translate('zh-CN', key, p);

describe('C-Lodop status messages (spec §8)', () => {
  it('not installed: the message, a download link and a reload button', () => {
    const st: LodopStatus = { state: 'not-installed', message: zh('lodop.notInstalled'), downloadUrl: CLODOP_DOWNLOAD_URL, restartUrl: CLODOP_RESTART_URL };
    render(<LodopStatusAlert status={st} onRecheck={() => {}} browserHint />);
    expect(screen.getByText(zh('lodop.notInstalled'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /下载 C-Lodop/ })).toHaveAttribute('href', CLODOP_DOWNLOAD_URL);
    expect(screen.getByRole('button', { name: /刷新页面/ })).toBeInTheDocument();
    expect(screen.getByText(/浏览器打印或下载 PDF/)).toBeInTheDocument();
  });

  it('service not started: a link that starts it again and a re-check', () => {
    const onRecheck = vi.fn();
    const st: LodopStatus = { state: 'not-started', message: zh('lodop.notStarted'), restartUrl: CLODOP_RESTART_URL };
    render(<LodopStatusAlert status={st} onRecheck={onRecheck} />);
    expect(screen.getByRole('link', { name: /启动 C-Lodop/ })).toHaveAttribute('href', CLODOP_RESTART_URL);
    fireEvent.click(screen.getByRole('button', { name: /重新检测/ }));
    expect(onRecheck).toHaveBeenCalledOnce();
  });

  it('upgrade needed: names the current and required versions', () => {
    const message = zh('lodop.upgradeService', { current: '3.0.1.0', required: '3.0.9.3' });
    render(<LodopStatusAlert status={{ state: 'needs-upgrade', component: 'service', current: '3.0.1.0', required: '3.0.9.3', downloadUrl: CLODOP_DOWNLOAD_URL, message }} onRecheck={() => {}} />);
    expect(screen.getByText(/3\.0\.1\.0.*3\.0\.9\.3/)).toBeInTheDocument();
  });

  it("loading says wait a moment; an error shows the error's text", () => {
    const { rerender } = render(<LodopStatusAlert status={{ state: 'loading', message: zh('lodop.loading') }} onRecheck={() => {}} />);
    expect(screen.getByText(/wait a moment/)).toBeInTheDocument();
    rerender(<LodopStatusAlert status={{ state: 'error', error: 'boom', message: zh('lodop.error', { msg: 'boom' }) }} onRecheck={() => {}} />);
    expect(screen.getByText(/boom/)).toBeInTheDocument();
  });

  it('ready: the version and printer count, or nothing when no count is asked for', () => {
    const st: LodopStatus = { state: 'ready', lodop: {} as Lodop, version: '6.6.0.6', url: 'http://localhost:8000/CLodopfuncs.js' };
    const { rerender, container } = render(<LodopStatusAlert status={st} onRecheck={() => {}} printerCount={3} />);
    expect(screen.getByText(/6\.6\.0\.6.*3 台打印机/)).toBeInTheDocument();
    rerender(<LodopStatusAlert status={st} onRecheck={() => {}} />);
    expect(container.textContent).toBe('');
  });
});
