import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import securityHeaders, { helmetOptions } from './securityHeaders';

/** The raw header lines (name as sent, value) of a GET to a listening server, without the transport's own. */
async function headerLinesOf(server: http.Server): Promise<string[]> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const raw = await new Promise<string[]>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.rawHeaders));
    }).on('error', reject);
  });
  const own = /^(date|connection|keep-alive|content-length|content-type|transfer-encoding|x-request-id)$/i;
  const lines: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!own.test(raw[i]!)) lines.push(`${raw[i]}: ${raw[i + 1]}`);
  return lines;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('security headers', () => {
  for (const behindProxy of [false, true]) {
    it(`are byte for byte what helmet's middleware sends on each request (behind a proxy: ${behindProxy})`, async () => {
      const perRequest = http.createServer((req, res) => helmet(helmetOptions(behindProxy))(req, res, () => res.end('ok')));
      servers.push(perRequest);
      const app = Fastify();
      await app.register(securityHeaders, { behindProxy });
      app.get('/', async () => 'ok');
      await app.ready();
      servers.push(app.server);
      const expected = await headerLinesOf(perRequest);
      expect(expected).toContainEqual(expect.stringMatching(/^Content-Security-Policy: default-src 'self'/));
      expect(expected.some((l) => l.startsWith('Strict-Transport-Security:'))).toBe(behindProxy);
      expect(await headerLinesOf(app.server)).toEqual(expected);
    });
  }
});
