import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The browser build's view of `@gemqc/contract`.
 *
 * The contract's `*Api` objects carry the zod schemas the server validates with; the browser only
 * needs their method and path. Importing the real objects would pull every schema and zod into
 * the first page (zod calls cannot be tree-shaken). So in `vite build` the package is replaced by
 * a module that inlines, as plain literals, every export that is data (endpoint trees reduced to
 * `{method, path}`, constants such as status lists), and re-exports everything else (schemas the
 * forms validate with, helper functions) from the real package — whose modules are side-effect free
 * (package.json `sideEffects: false`), so a page loads zod only if it really uses a schema.
 * Types are unaffected: TypeScript, the tests and the dev server see the real package.
 * The contract is TypeScript source, so the plugin loads it through tsx (the repo's script runner).
 */
const BROWSER_CONTRACT = '\0gemqc-contract-browser';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function isEndpoint(v: unknown): v is { method: string; path: string } {
  return typeof v === 'object' && v !== null && typeof (v as { method?: unknown }).method === 'string' && typeof (v as { path?: unknown }).path === 'string' && 'data' in v;
}

/** The value as browser data, or undefined when it is not pure data (a schema, a function). */
export function browserValue(v: unknown): Json | undefined {
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v;
  if (isEndpoint(v)) return { method: v.method, path: v.path };
  if (Array.isArray(v)) {
    const items = v.map(browserValue);
    return items.every((x) => x !== undefined) ? (items as Json[]) : undefined;
  }
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const out: { [key: string]: Json } = {};
    for (const [k, x] of Object.entries(v)) {
      const j = browserValue(x);
      if (j === undefined) return undefined;
      out[k] = j;
    }
    return out;
  }
  return undefined;
}

/** The source of the browser module: data inlined, the rest re-exported from the real package. */
export function browserContractSource(exports: Record<string, unknown>, realPath: string): string {
  const inline: string[] = [];
  const rest: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    const data = browserValue(value);
    if (data === undefined) rest.push(name);
    else inline.push(`export const ${name} = ${JSON.stringify(data)};`);
  }
  return `${inline.join('\n')}\nexport { ${rest.join(', ')} } from ${JSON.stringify(realPath)};\n`;
}

export function contractForBrowser(): Plugin {
  let source: string | undefined;
  return {
    name: 'gemqc-contract-for-browser',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === '@gemqc/contract' ? BROWSER_CONTRACT : undefined;
    },
    async buildStart() {
      const { tsImport } = await import('tsx/esm/api');
      const realContract = fileURLToPath(new URL('../../../packages/contract/src/index.ts', import.meta.url));
      const contract = (await tsImport(realContract, import.meta.url)) as Record<string, unknown>;
      source = browserContractSource(contract, realContract);
    },
    load(id) {
      return id === BROWSER_CONTRACT ? source : undefined;
    },
  };
}
