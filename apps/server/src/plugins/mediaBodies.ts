import fp from 'fastify-plugin';
import { contentLengthOf } from '../platform/upload';
import { bodyError } from './requestBodies';

/** Media bodies: image/*, video/*, audio/*. */
const MEDIA = /^(video|audio|image)\//i;

/**
 * Raw media bodies handed to the upload routes (RouteOptions.upload) as a stream. A module whose
 * routes take uploads registers this plugin in its own scope (`await r.app.register(mediaBodies)`
 * before its routes), so no module depends on a parser another module registered. Elsewhere a
 * media body has no parser: Fastify refuses it with 415 before a byte is read, as it refuses a
 * media body on a route of the scope that is not an upload (plugins/errors.ts answers both with
 * 不支持的请求格式). A declared size above the route's limit is left unread: the route's own check
 * answers its sentence (e.g. 照片不能超过 10 MB); any media type reaches the handler, so a wrong
 * one gets a message, not a bare 415.
 */
export default fp(
  async (scope) => {
    scope.addContentTypeParser(MEDIA, (req, payload, done) => {
      const upload = req.routeOptions.config.upload;
      if (!upload) return done(bodyError('Media body on a route without uploads', 415, 'GEMQC_MEDIA_NOT_HERE'), undefined);
      const length = contentLengthOf(req.headers['content-length']);
      if (length !== undefined && length > upload.maxBytes) return done(null, undefined);
      done(null, payload);
    });
  },
  { name: 'gemqc-media-bodies' },
);
