// Whether a build (the web app's, the server bundle) is missing or older than its sources: `npm
// start` rebuilds then, and the benchmarks run the server the way `npm start` does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server bundle `npm start` runs, and what it is built from. */
export const serverBundle = path.join(root, 'apps/server/dist/main.mjs');
export const serverInputs = ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/contract/src'];

function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** Why `output` must be built again ('missing', 'older than its sources'), or null when it is current. `inputs` are relative to the repository. */
export function buildStale(output, inputs) {
  let built;
  try {
    built = fs.statSync(output).mtimeMs;
  } catch {
    return 'missing';
  }
  const newest = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
  return newest > built ? 'older than its sources' : null;
}
