import { Component, Suspense, type ReactNode } from 'react';
import i18n from '../i18n';
import { ui } from '../lib/ui';

interface State {
  failed: boolean;
}

/**
 * A part loaded on demand (a dialog, a drawer, the navbar's search or error log, a banner) under its
 * own boundary: when its chunk does not load (offline, a new deploy), the part is left out and a
 * toast says why — the page or the shell around it stays (never a white window, nor the whole page
 * replaced because a dialog's code did not come).
 */
class PartBoundary extends Component<{ children: ReactNode; quiet?: boolean }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(): void {
    if (!this.props.quiet) ui().message.error(i18n.t('resilience.partFailed'), 5);
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** Suspense for a lazily loaded part, with its own error boundary (see PartBoundary); `quiet`: no toast (a part nobody asked for). */
export function LazyPart({ fallback = null, quiet, children }: { fallback?: ReactNode; quiet?: boolean; children: ReactNode }) {
  return (
    <PartBoundary quiet={quiet}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </PartBoundary>
  );
}
