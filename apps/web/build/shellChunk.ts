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
  /** Pages shown without the shell (login, register, verify, 404…): they load none of the shell chunk. */
  publicPages: RegExp;
  /** The login pages (a subset of publicPages): what they load is left as it is, in small chunks of its own. */
  loginPages: RegExp;
}

const PASS = 'GEMQC_SHELL_CHUNK_PASS';

export interface ShellGroups {
  /** What only signed-in pages load: the layout, menu, header, the first page and what it uses. */
  shell: Set<string>;
  /** What signed-in pages share with the public pages besides the login code (antd's core, mostly). */
  common: Set<string>;
}

/**
 * The modules a signed-in page loads besides the login code, from a first build: the chunks the
 * roots import (transitively), less those the entry and the login pages import; of these, the
 * ones a public page also imports make the common group, the rest the shell.
 */
export function shellModules(chunks: OutChunk[], { roots, publicPages, loginPages }: ShellChunkOptions): ShellGroups {
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
  const outside = closure(chunks.filter((c) => c.isEntry || loginPages.test(norm(c.facadeModuleId))));
  const shared = closure(chunks.filter((c) => publicPages.test(norm(c.facadeModuleId))));
  const groups: ShellGroups = { shell: new Set(), common: new Set() };
  for (const f of closure(rootChunks)) {
    if (outside.has(f)) continue;
    const group = shared.has(f) ? groups.common : groups.shell;
    for (const id of byFile.get(f)!.moduleIds) group.add(id);
  }
  return groups;
}

/**
 * Two chunks for the code every signed-in page loads: the shell (layout, menu, header, the first
 * page — the merchant order list — and its table, selects, dropdowns) and the common chunk (antd's
 * core, which public pages like verify and register use too). Left to itself the bundler splits
 * that code into some 40 chunks by which of the ~60 lazy pages share each module; the browser then
 * pays each file's import lists and a separate gzip dictionary (11 KB on the order list). A first
 * build (not written) tells which modules these are; the real build groups them. The common chunk
 * depends only on the entry's chunks, the shell on those and the common chunk, so no order issue
 * arises (a module a public page reaches is common, and so is everything it imports). The entry
 * and the login pages keep their small chunks: they load neither group.
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
      const { shell, common } = shellModules(chunks, options);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // the shell's own dependencies are in the entry's chunks: nothing to pull in
                groups: [
                  { name: 'shell', test: (id: string) => shell.has(id), includeDependenciesRecursively: false },
                  { name: 'shared', test: (id: string) => common.has(id), includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
      };
    },
  };
}
