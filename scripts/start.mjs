#!/usr/bin/env node
// `npm start`: build the web app and bundle the server when their builds are missing or older than
// their sources, then run the server bundle (it serves the web build at / and the API at /api).
// Signals are forwarded to the server. Set GEMQC_SKIP_WEB_BUILD=1 to start the server as is.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildStale, root, serverBundle, serverInputs } from './buildStale.mjs';

const webIndex = path.join(root, 'apps/web/dist/index.html');
// What the web build is made of: its own sources and the workspace packages it bundles.
const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/contract/src', 'packages/label-designer/src'];

if (process.env.GEMQC_SKIP_WEB_BUILD !== '1' && fs.existsSync(path.join(root, 'apps/web/package.json'))) {
  const why = buildStale(webIndex, webInputs);
  if (why) {
    console.log(`[start] The web build is ${why}: building it (npm run build -w apps/web)…`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`[start] The web build failed (exit ${r.status ?? r.signal}). ${fs.existsSync(webIndex) ? 'Serving the previous build.' : 'Starting the API without the web app.'}`);
    }
  }
}

// The bundled server starts seconds faster than transpiling TypeScript with tsx at every start.
let serverArgs = ['--enable-source-maps', serverBundle];
const serverWhy = buildStale(serverBundle, serverInputs);
if (serverWhy) {
  console.log(`[start] The server bundle is ${serverWhy}: bundling it…`);
  const r = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('[start] Bundling the server failed; running it from its TypeScript sources.');
    serverArgs = ['--import', 'tsx', 'apps/server/src/main.ts'];
  }
}

const child = spawn(process.execPath, serverArgs, { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (child.exitCode === null) child.kill(sig);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1) : 1));
});
