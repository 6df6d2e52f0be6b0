import { Codes, photosApi } from '@gemqc/contract';
import { AppError } from '../../platform/errors';
import mediaBodies from '../../plugins/mediaBodies';
import { defineRoutes } from '../../platform/route';
import { sendStoredFile } from '../../platform/send-file';
import { contentLengthOf } from '../../platform/upload';
import { centreCallerOf } from '../../platform/actor';
import { parsePhotoKey } from './keys';
import { signedPhotoUrl, verifyPhotoSig } from '../orders/fileLinks';
import * as service from './service';

/** A photo link with a wrong or expired signature (HTTP 403, so an <img> shows it as broken). */
class PhotoLinkError extends AppError {
  constructor() {
    super(Codes.FORBIDDEN, '照片链接已失效，请刷新页面后重试', 403, 'inspection.photo_link');
  }
}

export default defineRoutes(async (r) => {
  await r.app.register(mediaBodies); // the upload takes the raw image as its body
  // A photo is uploaded as the raw request body, streamed to storage (no buffering, no multipart):
  // `upload` lets the media body through on this route only (plugins/mediaBodies.ts, registered
  // above); any media type reaches the handler, so a wrong one gets a message, not a bare 415.
  const photoLimits = { maxBytes: r.deps.config.photoMaxBytes, maxPixels: r.deps.config.imageMaxPixels };

  // Inspection photos: same portal and permission as recording the result (the centre's own orders).
  r.route(photosApi.upload, { auth: ['qualityInspection'], permission: 'warehouse.inspection.submit', upload: photoLimits }, async ({ query, session, deps, now, req }) =>
    service.uploadPhoto(
      { db: deps.db, storage: deps.storage, ...photoLimits },
      await centreCallerOf(deps.db, session),
      query,
      { contentType: req.headers['content-type'], contentLength: contentLengthOf(req.headers['content-length']), body: req.body },
      (key) => signedPhotoUrl(deps.config.secretKey, key, now),
    ),
  );
  // public route: an <img src> cannot send the session headers, so only the signed link counts
  // (from the upload, an order detail or the certificate check); the file never changes under its
  // key, so the browser may keep it until the link expires
  r.route(photosApi.photo, { auth: 'public' }, async (ctx) => {
    const { deps, query, now, reply } = ctx;
    const photo = parsePhotoKey(query.key);
    if (!photo || !verifyPhotoSig(deps.config.secretKey, query.key, query.exp, query.sig, now)) throw new PhotoLinkError();
    reply.header('x-content-type-options', 'nosniff');
    const cacheSeconds = Math.max(0, Math.floor(query.exp! - now.getTime() / 1000));
    return sendStoredFile(ctx, query.key, { contentType: photo.mime, cacheSeconds });
  });
});
