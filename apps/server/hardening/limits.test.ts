import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, type Operation } from './openapi';
import { buildWorld, type CallerName, type World } from './world';

/**
 * Resource limits of issue 27 over every operation of the OpenAPI document: a 1 GiB media body
 * (image/png) is refused before it is read — by a 415 where the operation takes no media body, by
 * its own 1001 sentence where the operation is an upload (`x-gemqc-upload`: the declared size is
 * above its limit; src/platform/limits.test.ts checks that sentence), by 400 on a GET — and the
 * connection closes instead of reading the rest. The caller is one the operation admits, so
 * the body reaches the parser.
 */
const ownerOf: Record<string, CallerName> = { trader: 'merchantA', qualityInspection: 'inspectorX', base: 'centreX', manage: 'manager' };
const DECLARED = 1024 ** 3;
/** The client gives up after this much: a server still reading would keep the connection open. */
const CLIENT_SENDS_AT_MOST = 16 * 1024 * 1024;

let w: World;
let ops: Operation[];
let port: number;
beforeAll(async () => {
  w = await buildWorld();
  ops = operationsOf(w.t.app).filter((op) => !/logout/i.test(op.url));
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (w.t.app.server.address() as { port: number }).port;
});
afterAll(async () => w?.t.close());

/** Sends the head and body chunks until the server closes the connection; answers what it said and how much it was sent. */
function sendHuge(op: Operation, token: string | null): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sent = 0;
    let closed = false;
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), sent });
    });
    socket.on('connect', async () => {
      const auth = token ? `authorization: Bearer ${token}\r\n` : '';
      socket.write(`${op.method} ${op.url} HTTP/1.1\r\nHost: x\r\n${auth}content-type: image/png\r\ncontent-length: ${DECLARED}\r\n\r\n`);
      const chunk = Buffer.alloc(65536);
      while (!closed && sent < CLIENT_SENDS_AT_MOST) {
        sent += chunk.length;
        if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r).once('close', r));
      }
      // a server that still reads would wait for the rest: stop sending and see whether it closes
    });
  });
}

describe('media bodies over every operation (issue 27)', () => {
  it('refuses a 1 GiB image before reading it and closes the connection, on every operation', async () => {
    const wrong: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < ops.length) {
          const op = ops[next++]!;
          const caller = op.auth === 'public' ? 'anonymous' : ownerOf[op.auth[0]!]!;
          const r = await sendHuge(op, w.callers[caller].token);
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(r.answer)?.[1] ?? 0);
          const why =
            status === 0 || status >= 500
              ? `answered ${status || 'nothing'}`
              : !/\r\nconnection: close\r\n/i.test(r.answer)
                ? 'kept the connection open'
                : r.sent >= CLIENT_SENDS_AT_MOST
                  ? 'read the whole body the client sent'
                  : op.method === 'POST' && op.uploadMaxBytes === null && ![413, 415].includes(status) && !/"code":100[34]/.test(r.answer)
                    ? `answered ${status}, not 415`
                    : !/"code":\d{4},"msg":"[^"]*[\u4e00-\u9fff]/.test(r.answer)
                      ? `answered without a sentence: ${r.answer.slice(-200)}`
                      : '';
          if (why) wrong.push(`${op.method} ${op.url}: ${why}`);
        }
      }),
    );
    expect(wrong).toEqual([]);
    expect(ops.filter((op) => op.uploadMaxBytes !== null).length).toBeGreaterThanOrEqual(5); // photo, recording, signature, 2 template pictures
  });
});
