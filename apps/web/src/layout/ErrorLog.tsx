import { lazyRetry } from '../lib/lazyRetry';
import { LazyPart } from '../components/LazyPart';
import { useErrorLogStore } from '../app/stores/errorLog';

const ErrorLogDialog = lazyRetry(() => import('./ErrorLogDialog'));

/**
 * The navbar's error log: nothing until an error has been captured, then a badge with their number
 * and a dialog listing them (loaded at that moment: most sessions never need it).
 */
export function ErrorLog() {
  const logs = useErrorLogStore((s) => s.logs);
  if (!logs.length) return null;
  return (
    <LazyPart quiet>
      <ErrorLogDialog logs={logs} />
    </LazyPart>
  );
}
