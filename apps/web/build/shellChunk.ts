import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

interface OutChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

export interface ShellChunkOptions {
  /** Modules (path ends) whose chunks make the shell: the layout and the page signed-in users open first. */
  roots: string[];
  /** Pages shown without the shell (login, verify, 404…): what they load stays out of the shell chunk. */
  publicPages: RegExp;
}

const PASS = 'GEMQC_SHELL_CHUNK_PASS';

/**
 * The modules that a signed-in page loads besides the login code, from a first build: the chunks
 * the roots import (transitively), less those the entry and the public pages import.
 */
export function shellModules(chunks: OutChunk[], { roots, publicPages }: ShellChunkOptions): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: OutChunk[]): Set<string> => {
    const seen = new Set<string>();
    const stack = start.map((c) => c.fileName);
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...(byFile.get(f)?.imports ?? []));
    }
    return seen;
  };
  const norm = (id: string | null) => (id ?? '').replaceAll('\\', '/');
  const rootChunks = chunks.filter((c) => roots.some((r) => norm(c.facadeModuleId).endsWith(r)));
  if (rootChunks.length !== roots.length) throw new Error(`shell-chunk: found ${rootChunks.length} of the ${roots.length} root chunks`);
  const publicChunks = chunks.filter((c) => c.isEntry || publicPages.test(norm(c.facadeModuleId)));
  const outside = closure(publicChunks);
  const shell = new Set<string>();
  for (const f of closure(rootChunks)) if (!outside.has(f)) for (const id of byFile.get(f)!.moduleIds) shell.add(id);
  return shell;
}

/**
 * One chunk for the code every signed-in page loads: the shell (layout, antd core, menu, header)
 * and the first page (the merchant order list). Left to itself the bundler splits that code into
 * some 60 chunks by which of the ~60 lazy pages share each module; the browser then pays each
 * file's import lists and a separate gzip dictionary (9 KB on the order list). A first build (not
 * written) tells which modules these are; the real build puts them in one `shell` chunk, which
 * depends only on the entry's chunks (so no order issue arises). Code the public pages (login,
 * verify, 404) also use stays in chunks of its own, so they load none of the shell.
 */
export function shellChunk(options: ShellChunkOptions): Plugin {
  return {
    name: 'gemqc:shell-chunk',
    apply: (_config, env) => env.command === 'build' && !process.env[PASS] && env.mode !== 'test',
    async config(config) {
      process.env[PASS] = '1';
      let output: unknown;
      try {
        output = await build({
          configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
          root: config.root,
          logLevel: 'silent',
          build: { write: false, sourcemap: false },
        });
      } finally {
        delete process.env[PASS];
      }
      const outputs = (Array.isArray(output) ? output : [output]) as { output: (OutChunk | { type: 'asset' })[] }[];
      const chunks = outputs.flatMap((o) => o.output).filter((c): c is OutChunk => c.type === 'chunk');
      const shell = shellModules(chunks, options);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // the shell's own dependencies are in the entry's chunks: nothing to pull in
                groups: [{ name: 'shell', test: (id: string) => shell.has(id), includeDependenciesRecursively: false }],
              },
            },
          },
        },
      };
    },
  };
}
