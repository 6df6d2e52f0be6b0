import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

// The checkers of `npm run lint` (eslint.config.js, .dependency-cruiser.cjs) run on deliberate bad
// imports written into the repository tree, where the real rules apply to them; removed afterwards.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const written: string[] = [];

function probe(relPath: string, text: string): string {
  const file = path.join(root, relPath);
  fs.writeFileSync(file, text);
  written.push(file);
  return file;
}

async function eslintMessages(file: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintFiles([file]);
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

afterEach(() => {
  for (const file of written.splice(0)) fs.rmSync(file, { force: true });
});

describe('npm run lint: boundaries (eslint)', { timeout: 120_000 }, () => {
  it('fails on a web feature importing app/', async () => {
    const file = probe('apps/web/src/features/catalogue/lintProbeApp.ts', "import { useHome } from '../../app/session';\nexport const probe = useHome;\n");
    expect(await eslintMessages(file)).toEqual([expect.stringMatching(/^no-restricted-imports: .*A feature imports no app\//)]);
  });

  it('fails on a web feature loading app/ lazily, and on shared code loading a feature lazily (import())', async () => {
    const feature = probe('apps/web/src/features/catalogue/lintProbeLazyApp.ts', "export const probe = () => import('../../app/session');\n");
    const shared = probe('apps/web/src/session/lintProbeLazyFeature.ts', "export const probe = () => import('../features/catalogue');\n");
    expect(await eslintMessages(feature)).toEqual([expect.stringMatching(/^no-restricted-syntax: A feature imports no app\//)]);
    expect(await eslintMessages(shared)).toEqual([expect.stringMatching(/^no-restricted-syntax: Shared web code \(lib, components, session\) imports no feature/)]);
  });

  it('fails on shared web code (session/) importing app/ or a feature', async () => {
    const file = probe('apps/web/src/session/lintProbeShared.ts', "import { useHome } from '../app/session';\nimport { useGems } from '../features/catalogue';\nexport const probe = [useHome, useGems];\n");
    expect(await eslintMessages(file)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Shared web code \(lib, components, session\) imports no feature/),
      expect.stringMatching(/^no-restricted-imports: .*Shared web code \(lib, components, session\) imports no feature/),
    ]);
  });

  it('fails on layout/ reaching into a feature’s files', async () => {
    const file = probe('apps/web/src/layout/lintProbeFeature.ts', "import { useMt } from '../features/orders/i18n';\nexport const probe = useMt;\n");
    expect(await eslintMessages(file)).toEqual([expect.stringMatching(/^no-restricted-imports: .*The shell \(layout\/\) uses a feature through its index/)]);
  });

  it('fails on layout/ loading a feature’s file lazily (import())', async () => {
    const file = probe('apps/web/src/layout/lintProbeFeatureLazy.ts', "export const probe = () => import('../features/orders/centreAlerts/components/CentreBanners');\n");
    expect(await eslintMessages(file)).toEqual([expect.stringMatching(/^no-restricted-syntax: The shell \(layout\/\) loads a feature through its index/)]);
  });

  it('fails on a server module importing another module’s repo, and on a plugin importing one', async () => {
    const moduleFile = probe('apps/server/src/modules/shops/lintProbeRepo.ts', "import * as repo from '../fees/daySums.repo';\nexport const probe = repo;\n");
    const pluginFile = probe('apps/server/src/plugins/lintProbeRepo.ts', "import * as repo from '../modules/fees/daySums.repo';\nexport const probe = repo;\n");
    expect(await eslintMessages(moduleFile)).toEqual([expect.stringMatching(/^no-restricted-imports: .*Another module's repo/)]);
    expect(await eslintMessages(pluginFile)).toEqual([expect.stringMatching(/^no-restricted-imports: .*A module's repo/)]);
  });

  it('passes a feature using another feature through its index', async () => {
    const file = probe('apps/web/src/features/orders/lintProbeGood.ts', "import { useGems } from '../catalogue';\nexport const probe = useGems;\n");
    expect(await eslintMessages(file)).toEqual([]);
  });
});

describe('npm run lint: import cycles (dependency-cruiser)', { timeout: 180_000 }, () => {
  it('fails on a cycle, naming it, and finds no other in the trees it checks', async () => {
    probe('apps/web/src/features/catalogue/lintProbeCycleA.ts', "import { b } from './lintProbeCycleB';\nexport const a = () => b;\n");
    probe('apps/web/src/features/catalogue/lintProbeCycleB.ts', "import { a } from './lintProbeCycleA';\nexport const b = () => a;\n");
    const failure = await run('npm', ['run', '-s', 'lint:cycles'], { cwd: root }).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(failure).not.toBeNull();
    expect(failure!.stdout).toContain('error no-circular: apps/web/src/features/catalogue/lintProbeCycle');
    // the probe's cycle is all it finds: the real tree has none
    expect(failure!.stdout.match(/error no-circular/g)).toHaveLength(1);
  });

  it('fails on orders (the bottom module) importing another module, and finds no other such import', async () => {
    probe('apps/server/src/modules/orders/lintProbeUp.ts', "import { whoOf } from '../audit/service';\nexport const up = whoOf;\n");
    const failure = await run('npm', ['run', '-s', 'lint:cycles'], { cwd: root }).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(failure).not.toBeNull();
    expect(failure!.stdout).toContain('error orders-at-the-bottom: apps/server/src/modules/orders/lintProbeUp.ts → apps/server/src/modules/audit/service.ts');
    expect(failure!.stdout.match(/error orders-at-the-bottom/g)).toHaveLength(1);
  });
});
