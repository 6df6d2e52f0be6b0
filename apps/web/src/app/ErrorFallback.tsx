import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/lazyRetry';
import { useOffline } from '../lib/network';
import { logError } from './stores/errorLog';
import { checkVersion, reloadForUpdate } from './version';
import { forgetFailedPages } from './pages';

/**
 * What replaces a page that failed, in words a warehouse worker understands, with 刷新. It lives
 * in the entry chunk and uses no antd, so it shows even when the network is down and no other
 * chunk can load (a white window is never left). A chunk that did not load (network, or a new
 * deploy) reloads by itself once the network is back.
 */
export function ErrorFallback({ error }: { error: Error }) {
  const { t } = useTranslation();
  const offline = useOffline();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (!chunk || offline) return;
    // back online (or never offline): a new deploy removed the old chunks → reload for the new build
    void checkVersion(true).then((newer) => newer && reloadForUpdate());
  }, [chunk, offline]);
  useEffect(() => {
    if (!chunk) return;
    const onOnline = () => window.location.reload();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [chunk]);
  return (
    <div className="app-fallback" role="alert" data-testid="app-fallback">
      <div className="app-fallback__title">{chunk ? t('resilience.chunkTitle') : t('error.boundary')}</div>
      <p className="app-fallback__text">{chunk ? (offline ? t('resilience.chunkOffline') : t('resilience.chunkBody')) : t('resilience.errorBody')}</p>
      <button type="button" className="app-fallback__button" onClick={() => window.location.reload()}>
        {t('resilience.reload')}
      </button>
      {!chunk && (
        <details className="app-fallback__details">
          <summary>{t('resilience.details')}</summary>
          <code>{error.message}</code>
        </details>
      )}
    </div>
  );
}

interface State {
  error: Error | null;
}

/**
 * Catches what a page or the app throws while rendering (a chunk that did not load included) and
 * shows ErrorFallback; in production builds the error goes to the error log. A new `resetKey`
 * (the next page) clears it.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    const component = /\n\s+(?:at|in) ([A-Z][\w$]*)/.exec(info.componentStack ?? '')?.[1] ?? 'unknown';
    logError(error, component, (info.componentStack ?? '').trim().split('\n').slice(0, 3).join(' '));
  }

  componentDidUpdate(prev: { resetKey?: string }): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) {
      forgetFailedPages();
      this.setState({ error: null });
    }
  }

  render(): ReactNode {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
