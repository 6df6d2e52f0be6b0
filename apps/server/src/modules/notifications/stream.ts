import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { TooManyError } from '../../platform/errors';
import { streamClosed, streamOpened } from '../../platform/metrics';
import { resolveSession, sessionRevocations, type Revocation, type Session } from '../../platform/sessions';
import { newSince } from './service';

/** How often a stream asks the table for rows after the last one sent (one indexed query). */
export const STREAM_POLL_MS = 2000;
/** A comment line this often keeps HAProxy (timeout 60 s) and other proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/** The open streams of one app (one server process): by account, oldest first. */
interface OpenStreams {
  total: number;
  byAccount: Map<number, (() => void)[]>;
}
const openStreams = new WeakMap<AppDeps, OpenStreams>();
function streamsOf(deps: AppDeps): OpenStreams {
  let s = openStreams.get(deps);
  if (!s) openStreams.set(deps, (s = { total: 0, byAccount: new Map() }));
  return s;
}

/** Streams open in this process (the metrics' gauge). */
export function openStreamCount(deps: AppDeps): number {
  return openStreams.get(deps)?.total ?? 0;
}

/** The same session still, with the same permissions: otherwise the stream ends and the browser reconnects (or signs in again). */
function sameAccess(a: Session, b: Session | null): boolean {
  return !!b && b.accountId === a.accountId && b.roleId === a.roleId && [...b.permissions].sort().join() === [...a.permissions].sort().join();
}

/**
 * Server-sent events of the caller's new notifications. The source is the database (rows written
 * in the business change's transaction), not this process's memory, so a stream on any host of a
 * cluster sees a change made on another. Ends when the host drains or closes, and at the next poll
 * after its session is signed out, its account disabled or its permissions changed (on any host:
 * each poll looks the session up again). An account holds at most NOTIFICATION_STREAMS_PER_ACCOUNT
 * streams (a new one ends the oldest); a process at most NOTIFICATION_STREAMS_TOTAL (1029 above).
 */
export function openStream(a: { deps: AppDeps; session: Session; token: string | null; after: number; req: FastifyRequest; reply: FastifyReply }): FastifyReply {
  const { deps, session, reply } = a;
  const open = streamsOf(deps);
  const caps = deps.config.notificationStreams;
  if (open.total >= caps.total) throw new TooManyError('当前在线的消息连接过多，请稍后刷新页面重试', 30, 'notifications.too_many_streams');
  const mine = open.byAccount.get(session.accountId) ?? [];
  open.byAccount.set(session.accountId, mine);
  while (mine.length >= caps.perAccount) mine[0]!(); // the oldest ends (it removes itself)
  open.total++;
  streamOpened();
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
    open.total--;
    streamClosed();
    sessionRevocations.off('revoked', onRevoked);
    const i = mine.indexOf(end);
    if (i >= 0) mine.splice(i, 1);
    if (!mine.length && open.byAccount.get(session.accountId) === mine) open.byAccount.delete(session.accountId);
    res.end();
  };
  mine.push(end);
  // signed out or disabled through this host: at once (other hosts' revocations: the next poll)
  const onRevoked = (r: Revocation) => {
    if (r.tokenHash === session.tokenHash || (r.accountId === session.accountId && r.exceptTokenHash !== session.tokenHash)) end();
  };
  sessionRevocations.on('revoked', onRevoked);
  const tick = async () => {
    if (busy || closed) return;
    if (deps.lifecycle.draining) return end();
    busy = true;
    try {
      // signed out, disabled, another role or other permissions: nothing more reaches this stream
      if (!a.token || !sameAccess(session, await resolveSession(deps.db, a.token, deps.clock.now(), deps.config.sessionTtlDays))) return end();
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
