import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ENTRY = 'src/app/startShell.ts';

/**
 * Builds src/app/startShell.ts as an entry of its own and loads it from the HTML before the app's
 * entry (`async`: it runs once loaded, not after the app's entry): a small module, so a signed-in page starts
 * fetching the shell chunks (with their modulepreload and CSS links, from Vite's preload of the
 * dynamic import) while the app's entry chunks are still loading. An inline script would do it
 * sooner, but the server's Content-Security-Policy allows scripts from 'self' only.
 */
export function startShell(): Plugin {
  return {
    name: 'gemqc:start-shell',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          input: { index: fileURLToPath(new URL('../index.html', import.meta.url)), startShell: fileURLToPath(new URL(`../${ENTRY}`, import.meta.url)) },
        },
      },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && (c.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(ENTRY));
        if (!chunk) throw new Error(`start-shell: no entry chunk for ${ENTRY}`);
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
