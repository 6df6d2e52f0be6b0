import { Codes, inspectionApi } from '@gemqc/contract';
import { AppError, TooManyError } from '../../platform/errors';
import { defineRoutes } from '../../platform/route';
import { sendStoredFile } from '../../platform/send-file';
import { contentLengthOf } from '../../platform/upload';
import { centreCallerOf } from '../orders/actor';
import { parsePhotoKey, signedPhotoUrl, verifyPhotoSig } from './photos';
import { whoOf } from '../audit/service';
import * as service from './service';

const warehouse = ['qualityInspection'] as const;

/** Public certificate checks per client address per minute (the codes must not be guessed in bulk). */
const VERIFY_PER_MINUTE = 120;

/** A photo link with a wrong or expired signature (HTTP 403, so an <img> shows it as broken). */
class PhotoLinkError extends AppError {
  constructor() {
    super(Codes.FORBIDDEN, '照片链接已失效，请刷新页面后重试', 403, 'inspection.photo_link');
  }
}

export default defineRoutes((r) => {
  // A recording or photo is uploaded as the raw request body, streamed to storage (no buffering,
  // no multipart): `upload` lets the media body through on these routes only (plugins/requestBodies.ts);
  // any media type reaches the handler, so a wrong one gets a message, not a bare 415.
  const photoLimits = { maxBytes: r.deps.config.photoMaxBytes, maxPixels: r.deps.config.imageMaxPixels };
  const photoUrl = (now: Date) => (key: string) => signedPhotoUrl(r.deps.config.secretKey, key, now);

  r.route(inspectionApi.submit, { auth: warehouse, permission: 'warehouse.inspection.submit' }, async ({ body, session, deps, now, req }) =>
    service.submitInspection(deps.db, await centreCallerOf(deps.db, session), body, now, { storage: deps.storage, urlOf: photoUrl(now), log: req.log }, whoOf(session, req)),
  );

  // The fee a save would book, shown before the inspector confirms: the same plan the save books.
  r.route(inspectionApi.feeQuote, { auth: warehouse, permission: ['warehouse.inspection.submit', 'warehouse.result.amend'] }, ({ query, session, deps }) =>
    service.feeQuote(deps.db, session.centreId, query),
  );
  r.route(inspectionApi.amend, { auth: warehouse, permission: 'warehouse.result.amend' }, async ({ body, session, deps, now, req }) =>
    service.amendInspection(deps.db, await centreCallerOf(deps.db, session), body, now, photoUrl(now), whoOf(session, req)),
  );

  // Inspection photos: same portal and permission as recording the result (the centre's own orders).
  r.route(inspectionApi.photoUpload, { auth: warehouse, permission: 'warehouse.inspection.submit', upload: photoLimits }, async ({ query, session, deps, now, req }) =>
    service.uploadPhoto(
      { db: deps.db, storage: deps.storage, ...photoLimits },
      await centreCallerOf(deps.db, session),
      query,
      { contentType: req.headers['content-type'], contentLength: contentLengthOf(req.headers['content-length']), body: req.body },
      photoUrl(now),
    ),
  );
  // public route: an <img src> cannot send the session headers, so only the signed link counts
  // (from photoUpload, an order detail or the certificate check); the file never changes under its
  // key, so the browser may keep it until the link expires
  r.route(inspectionApi.photo, { auth: 'public' }, async (ctx) => {
    const { deps, query, now, reply } = ctx;
    const photo = parsePhotoKey(query.key);
    if (!photo || !verifyPhotoSig(deps.config.secretKey, query.key, query.exp, query.sig, now)) throw new PhotoLinkError();
    reply.header('x-content-type-options', 'nosniff');
    const cacheSeconds = Math.max(0, Math.floor(query.exp! - now.getTime() / 1000));
    return sendStoredFile(ctx, query.key, { contentType: photo.mime, cacheSeconds });
  });

  r.route(inspectionApi.certificateVerify, { auth: 'public' }, async ({ query, deps, now, req }) => {
    const hit = await deps.limiter.hit(`cert-verify:${req.ip}`, VERIFY_PER_MINUTE, 60, now);
    if (!hit.allowed) throw new TooManyError('查询过于频繁，请稍后再试', hit.retryAfterSeconds);
    return service.verifyCertificate(deps.db, query.code, photoUrl(now));
  });
});
