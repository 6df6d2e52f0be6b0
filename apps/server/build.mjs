#!/usr/bin/env node
// Bundles the server into dist/main.mjs so `npm start` does not transpile TypeScript at every
// start (tsx costs seconds on a busy 2-core machine). npm packages stay external; the workspace
// packages (@gemqc/*, TypeScript sources) are bundled in. Files the server reads next to its own
// module (migrations, seed assets) are copied beside the bundle.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith('@gemqc/'))
  .flatMap((name) => [name, `${name}/*`]);
const dist = path.join(here, 'dist');

fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts'), path.join(here, 'src/db/seed-cli.ts')],
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  entryNames: '[name]',
  bundle: true,
  // no code splitting: modules find files relative to their own URL, which must be dist/
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  logLevel: 'warning',
  // CommonJS dependencies bundled from workspace code may call require()
  banner: { js: "import { createRequire as __gemqcRequire } from 'node:module'; const require = __gemqcRequire(import.meta.url);" },
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
fs.cpSync(path.join(here, 'src/db/seeds/assets'), path.join(dist, 'assets'), { recursive: true });
console.log(`[build] server bundled into ${path.relative(process.cwd(), dist)}/main.mjs`);
