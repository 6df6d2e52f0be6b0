import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { browserOffline } from './network';

type Loader<T> = () => Promise<T>;

/**
 * Whether an error is a chunk that did not load (a lazy page or dialog): the network dropped, or
 * a new deploy removed the old build's files. Chromium, Firefox and Safari word it differently;
 * Vite's preload helper reports a CSS or dependency that did not load.
 */
export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script|ChunkLoadError|Loading (CSS )?chunk \S+ failed/i.test(msg);
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Loads a chunk, trying again (after 0.5 s, then 1.5 s) when it failed to load: a short network
 * blip is then not seen. Offline it does not wait for nothing: the error goes at once to the
 * page's fallback (刷新, and a reload by itself when the network returns). Other errors (a bug in
 * the module) are not retried.
 */
export async function retryImport<T>(loader: Loader<T>, delays: readonly number[] = [500, 1500]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await loader();
    } catch (e) {
      const delay = delays[attempt];
      if (delay === undefined || !isChunkLoadError(e) || browserOffline()) throw e;
      await wait(delay);
    }
  }
}

/**
 * React.lazy with retries (the one way the web splits code: lint refuses `lazy` elsewhere). A
 * chunk that still fails reaches the nearest error boundary, which offers 刷新 in words.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound (any props)
export function lazyRetry<T extends ComponentType<any>>(loader: Loader<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => retryImport(loader));
}
