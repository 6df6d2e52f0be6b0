import { Suspense, lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { retryImport } from '../lib/lazyRetry';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import PendingPage from '../components/PendingPage';
import type { PageLoader } from './types';
import { progress } from './progress';

const lazyCache = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

const failed = new Set<PageLoader>();

/**
 * One React.lazy component per loader, so a page keeps its identity between renders. A chunk that
 * did not load is tried again (retryImport), then reaches the error boundary (刷新). React keeps a
 * lazy component's failure, so the page is remembered as failed and forgotten when the boundary is
 * left for another page (`forgetFailedPages`): the next visit loads it afresh. Not forgotten at
 * once: React renders the failed page again before showing the boundary, and a fresh lazy there
 * would load it again and again.
 */
export function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let c = lazyCache.get(loader);
  if (!c) {
    c = lazy(() =>
      retryImport(loader).catch((e: unknown) => {
        failed.add(loader);
        throw e;
      }),
    );
    lazyCache.set(loader, c);
  }
  return c;
}

/** Forgets the pages whose chunk did not load (called when an error boundary moves on to another page). */
export function forgetFailedPages(): void {
  for (const loader of failed) lazyCache.delete(loader);
  failed.clear();
}

function Done() {
  useEffect(() => {
    progress.done();
  }, []);
  return null;
}

/** Ends the top progress bar when shown (again after each navigation). */
function ProgressDone() {
  const { key } = useLocation();
  return <Done key={key} />;
}

export function PageFallback() {
  return <div className="page-fallback" aria-busy="true" />;
}

/** Renders a lazily loaded page, ending the top progress bar once it is shown. */
export function LazyPage({ loader }: { loader: PageLoader }) {
  const Page = lazyPage(loader);
  return (
    <Suspense fallback={<PageFallback />}>
      <ProgressDone />
      <Page />
    </Suspense>
  );
}

/** The shared placeholder with the route's translated title. */
export function PendingRoute({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ProgressDone />
      <PendingPage title={title ? t(title) : t('tags.noName')} />
    </>
  );
}
