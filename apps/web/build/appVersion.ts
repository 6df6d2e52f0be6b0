import crypto from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * The build's version: written to `version.json` beside index.html (served uncached by the
 * server's static files) and compiled into the code as `import.meta.env.VITE_APP_VERSION`. An open
 * tab compares the two (src/app/version.ts): a different file means a new deploy, and the tab asks
 * to reload instead of failing on chunks the new build no longer has.
 */
export function appVersion(version = `${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}-${crypto.randomBytes(4).toString('hex')}`): Plugin {
  return {
    name: 'gemqc:app-version',
    apply: 'build',
    config: () => ({ define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version })}\n` });
    },
  };
}
