import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../app/stores/errorLog';
import i18n from '../i18n';

interface State {
  error: Error | null;
}

/** Catches page errors; in production builds they are added to the error log. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    const component = /\n\s+(?:at|in) ([A-Z][\w$]*)/.exec(info.componentStack ?? '')?.[1] ?? 'unknown';
    logError(error, component, (info.componentStack ?? '').trim().split('\n').slice(0, 3).join(' '));
  }

  componentDidUpdate(prev: { resetKey?: string }): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render(): ReactNode {
    if (this.state.error) {
      return (
        <div role="alert" style={{ padding: 24, color: '#ff4d4f' }}>
          <strong>{i18n.t('error.boundary')}</strong>
          <div style={{ marginTop: 8, color: 'rgba(0,0,0,.65)' }}>{this.state.error.message}</div>
        </div>
      );
    }
    return this.props.children;
  }
}
