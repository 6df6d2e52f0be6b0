import { inspectionApi } from '@gemqc/contract';
import { TooManyError } from '../../platform/errors';
import { defineRoutes } from '../../platform/route';
import type { Session } from '../../platform/sessions';
import type { Db } from '../../db/client';
import { actorOf } from '../orders/actor';
import { signedVideoUrl } from '../orders/videoLink';
import * as service from './service';

const warehouse = ['qualityInspection'] as const;

async function callerOf(db: Db, session: Session): Promise<service.Caller> {
  return { centreId: session.centreId!, actor: await actorOf(db, session) };
}

/** Public certificate checks per client address per minute (the codes must not be guessed in bulk). */
const VERIFY_PER_MINUTE = 120;

export default defineRoutes((r) => {
  // A recording is uploaded as the raw request body, streamed to storage (no buffering, no
  // multipart); other media types reach the handler too, so they get a message, not a bare 415.
  r.app.addContentTypeParser(/^(video|audio|image)\//i, (_req, payload, done) => done(null, payload));

  r.route(inspectionApi.submit, { auth: warehouse, permission: 'warehouse.inspection.submit' }, async ({ body, session, deps, now }) =>
    service.submitInspection(deps.db, await callerOf(deps.db, session), body, now),
  );

  r.route(inspectionApi.codeBind, { auth: warehouse, permission: 'warehouse.code.bind' }, async ({ body, session, deps, now }) =>
    service.bindCode(deps.db, await callerOf(deps.db, session), body, now),
  );
  r.route(inspectionApi.codeUnbind, { auth: warehouse, permission: 'warehouse.code.bind' }, async ({ body, session, deps, now }) =>
    service.unbindCode(deps.db, await callerOf(deps.db, session), body, now),
  );
  r.route(inspectionApi.codeList, { auth: warehouse, permission: 'warehouse.code.bind' }, ({ query, session, deps }) =>
    service.listCodes(deps.db, session.centreId!, query),
  );

  r.route(inspectionApi.recordingUpload, { auth: warehouse, permission: 'warehouse.recording.upload' }, async ({ query, session, deps, now, req }) => {
    const length = Number(req.headers['content-length']);
    return service.uploadRecording(
      { db: deps.db, storage: deps.storage, maxBytes: deps.config.recordingMaxBytes },
      await callerOf(deps.db, session),
      query,
      { contentType: req.headers['content-type'], contentLength: Number.isFinite(length) ? length : undefined, body: req.body },
      now,
      (id) => signedVideoUrl(deps.config.secretKey, id, now),
    );
  });
  r.route(inspectionApi.recordingList, { auth: warehouse, permission: 'warehouse.recording.upload' }, ({ query, session, deps, now }) =>
    service.listRecordings(deps.db, session.centreId!, query, (id) => signedVideoUrl(deps.config.secretKey, id, now)),
  );

  r.route(inspectionApi.certificateVerify, { auth: 'public' }, async ({ query, deps, now, req }) => {
    const hit = await deps.limiter.hit(`cert-verify:${req.ip}`, VERIFY_PER_MINUTE, 60, now);
    if (!hit.allowed) throw new TooManyError('查询过于频繁，请稍后再试', hit.retryAfterSeconds);
    return service.verifyCertificate(deps.db, query.code);
  });
});
