import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@gemqc/contract';
import { browserContractSource, browserValue } from './contractForBrowser';

describe('the browser build of the contract', () => {
  it('keeps the method and path of an endpoint and drops its schemas and summary', () => {
    const ep = contract.endpoint({ method: 'POST', path: '/x/v1/y', summary: 's', body: z.object({ a: z.string() }), data: z.null() });
    expect(browserValue({ nested: { ep } })).toEqual({ nested: { ep: { method: 'POST', path: '/x/v1/y' } } });
  });

  it('inlines plain data and refuses schemas and functions', () => {
    expect(browserValue(['a', 1, { b: true, c: null }])).toEqual(['a', 1, { b: true, c: null }]);
    expect(browserValue(z.string())).toBeUndefined();
    expect(browserValue({ rule: z.string() })).toBeUndefined();
    expect(browserValue(() => 1)).toBeUndefined();
    expect(browserValue(new Date(0))).toBeUndefined();
  });

  it('inlines every *Api object of the real contract and re-exports the schemas', () => {
    const src = browserContractSource(contract, '/real/index.ts');
    const reexported = /export \{ ([^}]*) \} from "\/real\/index.ts"/.exec(src)![1]!.split(', ');
    const apis = Object.keys(contract).filter((k) => k.endsWith('Api'));
    expect(apis.length).toBeGreaterThan(5);
    for (const name of apis) {
      if (typeof (contract as Record<string, unknown>)[name] === 'function') continue; // an endpoint factory stays real
      expect(reexported).not.toContain(name);
      expect(src).toContain(`export const ${name} = `);
    }
    expect(reexported).toContain('mobile');
    expect(src).toContain(JSON.stringify(contract.ordersApi.merchant.list.path));
    expect(src).not.toContain('"data"');
  });
});

/** Every .ts/.tsx file of the web app except tests. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('web code and the browser contract', () => {
  it('never reads a schema off an endpoint (the browser build has only method and path)', () => {
    const src = path.resolve(__dirname, '../src');
    const offenders = sourceFiles(src).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\b\w+Api(\.\w+)+\.(body|query|data)\b/.test(line) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    // import the named schema from the contract instead (e.g. orderWaybillBody)
    expect(offenders).toEqual([]);
  });
});
