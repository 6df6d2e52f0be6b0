import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// package.json declares the app's modules side-effect free but for those listed: the bundler then
// drops a module none of whose own bindings is used, with its top-level calls (a chart library's
// registration once vanished so: the daily report drew no chart). Every module that runs a call at
// its top level must be listed.
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const listed: string[] = JSON.parse(fs.readFileSync(path.join(web, 'package.json'), 'utf8')).sideEffects;
const globToRegExp = (g: string) => new RegExp(`^${g.replace(/^\.\//, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '\0').replace(/\*/g, '[^/]*').replace(/\0/g, '(.*/)?')}$`);
const patterns = listed.map(globToRegExp);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('package.json sideEffects', () => {
  it('lists every module that calls something at its top level', () => {
    const topLevelCall = /^(?:await\s+)?[A-Za-z_$][\w$.]*\(/m;
    const unlisted = sourceFiles(path.join(web, 'src'))
      .map((f) => path.relative(web, f).split(path.sep).join('/'))
      .filter((rel) => topLevelCall.test(fs.readFileSync(path.join(web, rel), 'utf8')))
      .filter((rel) => !patterns.some((re) => re.test(rel)));
    expect(unlisted).toEqual([]);
  });
});
