import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import type { Session } from '../../platform/sessions';
import { newSince } from './service';

/** How often a stream asks the table for rows after the last one sent (one indexed query). */
export const STREAM_POLL_MS = 2000;
/** A comment line this often keeps HAProxy (timeout 60 s) and other proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events of the caller's new notifications. The source is the database (rows written
 * in the business change's transaction), not this process's memory, so a stream on any host of a
 * cluster sees a change made on another. Ends when the host drains or closes.
 */
export function openStream(a: { deps: AppDeps; session: Session; after: number; req: FastifyRequest; reply: FastifyReply }): FastifyReply {
  const { deps, session, reply } = a;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.write('retry: 3000\n\n');
  let last = a.after;
  let busy = false;
  let closed = false;
  const started = Date.now();
  let lastWrite = Date.now();

  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    res.end();
  };
  const tick = async () => {
    if (busy || closed) return;
    if (deps.lifecycle.draining) return end();
    busy = true;
    try {
      for (const n of await newSince(deps.db, session, last)) {
        res.write(`id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
        last = Math.max(last, Number(n.id));
        lastWrite = Date.now();
      }
      if (Date.now() - lastWrite >= HEARTBEAT_MS) {
        res.write(': keep-alive\n\n');
        lastWrite = Date.now();
      }
      // after NOTIFICATION_STREAM_SECONDS (what was new is sent first) the client reconnects, possibly to another host, from its last id
      if (Date.now() - started > deps.config.notificationStreamMs) end();
    } catch (err) {
      a.req.log.warn({ err }, 'notification stream poll failed');
      end();
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), STREAM_POLL_MS);
  res.on('close', end);
  void tick();
  return reply;
}
