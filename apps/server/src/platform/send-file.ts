import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from './errors';
import { parseRange, type FileStorage } from './storage';

/**
 * Streams a stored file to the client with HTTP range support (206 / 416), for video players and
 * downloads. Use as `return sendStoredFile(ctx, key, { contentType: 'video/mp4' })`.
 */
export async function sendStoredFile(
  ctx: { req: FastifyRequest; reply: FastifyReply; deps: { storage: FileStorage } },
  key: string,
  opts: { contentType: string; fileName?: string; inline?: boolean; cacheSeconds?: number },
): Promise<FastifyReply> {
  const { req, reply, deps } = ctx;
  const stat = await deps.storage.stat(key);
  if (!stat) throw new NotFoundError('文件不存在或已被删除');
  reply.header('accept-ranges', 'bytes');
  reply.header('content-type', opts.contentType);
  // the route helper answers no-store; only a file that never changes under a signed link may be kept
  if (opts.cacheSeconds) reply.header('cache-control', `private, max-age=${opts.cacheSeconds}`);
  reply.header('last-modified', stat.mtime.toUTCString());
  if (opts.fileName) {
    reply.header('content-disposition', `${opts.inline === false ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(opts.fileName)}`);
  }
  const range = parseRange(typeof req.headers.range === 'string' ? req.headers.range : undefined, stat.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${stat.size}`);
    return reply.status(416).send();
  }
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`);
    reply.header('content-length', String(range.end - range.start + 1));
    return reply.send(deps.storage.read(key, range));
  }
  reply.header('content-length', String(stat.size));
  return reply.send(deps.storage.read(key));
}
