import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '../e2e/server';
import type { Benchmark } from './registry';

/** Time from `npm start` on an existing data folder to a healthy /api/health. */
export const startupBenchmark: Benchmark = {
  name: 'startup',
  description: '`npm start` on an existing embedded data folder → healthy /api/health',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-bench-start-'));
    try {
      const first = await startOnce(dataDir); // creates, migrates and seeds the folder
      const times: number[] = [];
      for (let i = 0; i < 5; i++) times.push(await startOnce(dataDir));
      times.sort((a, b) => a - b);
      return [
        { name: 'first start (new data folder, incl. seed)', value: first, unit: 'ms' },
        { name: 'start on existing data folder (median of 5)', value: times[2]!, unit: 'ms', budget: { max: 3000 } },
        { name: 'start on existing data folder (worst of 5)', value: times[4]!, unit: 'ms' },
      ];
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  // detached: the whole process group (npm → start script → server) is stopped afterwards
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (r.ok) return performance.now() - t0;
      } catch {
        /* not yet */
      }
      if (child.exitCode !== null) throw new Error('npm start exited before it was healthy');
      if (performance.now() - t0 > 120_000) throw new Error('not healthy within 120 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await lockReleased(dataDir);
  }
}

/** The server removes its data-folder lock on exit; the next start must not find it held. */
async function lockReleased(dataDir: string) {
  const lock = path.join(dataDir, 'db', 'gemqc.lock');
  for (let i = 0; i < 100 && fs.existsSync(lock); i++) await new Promise((r) => setTimeout(r, 100));
}
