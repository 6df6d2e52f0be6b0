#!/usr/bin/env node
// `npm start`: build the web app and bundle the server when their builds are missing or older than
// their sources, then run the server bundle (it serves the web build at / and the API at /api).
// Every signal is forwarded to the server, and the launcher exits with the server's code (or dies of
// its signal). Set GEMQC_SKIP_WEB_BUILD=1 to start the server as is. In production run the server
// itself (README "Production start"): `node --enable-source-maps apps/server/dist/main.mjs`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStale, root, serverBundle, serverInputs } from './buildStale.mjs';

/** The signals a supervisor or a terminal sends to stop or poke a process. */
const FORWARDED = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];
/** @type {import('node:child_process').ChildProcess | undefined} */
let child;
/** A stop that came while building: the server is not started. */
let stopBefore = '';
for (const sig of FORWARDED) {
  process.on(sig, () => {
    if (!child) stopBefore ||= sig;
    else if (child.exitCode === null && child.signalCode === null) child.kill(sig);
  });
}

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

if (stopBefore) process.exit(128 + (os.constants.signals[stopBefore] ?? 15));

// The launcher hands every signal to the server and ends the way it ends: a stop (docker stop, a
// supervisor, Ctrl+C) drains the server, and a signal to the whole process group (which reaches the
// server twice: directly and through here) is safe, since the server ignores a repeat.
child = spawn(process.execPath, serverArgs, { cwd: root, stdio: 'inherit', env: process.env });
// started by something that then went away without a signal to us (npm killed with SIGKILL, a
// shell that does not exec): stop the server as a SIGTERM would, rather than leave it serving
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && child?.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}, 1000).unref();
child.on('exit', (code, signal) => {
  if (signal) {
    // die of the same signal, so whoever started `npm start` sees how the server ended
    for (const sig of FORWARDED) process.removeAllListeners(sig);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
