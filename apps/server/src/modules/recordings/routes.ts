import { recordingsApi } from '@gemqc/contract';
import mediaBodies from '../../plugins/mediaBodies';
import { defineRoutes } from '../../platform/route';
import { UnauthenticatedError } from '../../platform/errors';
import { sendStoredFile } from '../../platform/send-file';
import { signedVideoUrl, verifyVideoSig } from '../orders/fileLinks';
import { contentLengthOf } from '../../platform/upload';
import { centreCallerOf } from '../../platform/actor';
import * as service from './service';
import { uploadRecording } from './upload';

const warehouse = ['qualityInspection'] as const;

export default defineRoutes(async (r) => {
  await r.app.register(mediaBodies); // the upload takes the raw video as its body
  r.route(recordingsApi.merchant.videoList, { auth: ['trader'], permission: 'merchant.video.view' }, ({ deps, session, query, now }) =>
    service.videoList(deps.db, session.merchantId, query, (id) => signedVideoUrl(deps.config.secretKey, id, now)),
  );
  // public route: a <video src> cannot send the session headers, so a signed link (from videoList or
  // orderDetail) is accepted as well as a merchant session
  r.route(recordingsApi.merchant.video, { auth: 'public' }, async (ctx) => {
    const { deps, session, query, now } = ctx;
    const id = query.id;
    let merchantId: number | null;
    if (session?.userType === 'trader' && session.merchantId && session.permissions.includes('merchant.video.view')) merchantId = session.merchantId;
    else if (verifyVideoSig(deps.config.secretKey, id, query.exp, query.sig, now)) merchantId = null;
    else throw new UnauthenticatedError();
    const file = await service.videoFile(deps.db, deps.storage, id, merchantId);
    return sendStoredFile(ctx, file.key, { contentType: file.mime, fileName: file.fileName, inline: true });
  });

  // A recording is uploaded as the raw request body, streamed to storage (no buffering, no
  // multipart): `upload` lets the media body through on this route only (plugins/mediaBodies.ts,
  // registered above); any media type reaches the handler, so a wrong one gets a message, not a bare 415.
  r.route(recordingsApi.upload, { auth: warehouse, permission: 'warehouse.recording.upload', upload: { maxBytes: r.deps.config.recordingMaxBytes } }, async ({ query, session, deps, now, req }) =>
    uploadRecording(
      { db: deps.db, storage: deps.storage, maxBytes: deps.config.recordingMaxBytes },
      await centreCallerOf(deps.db, session),
      query,
      { contentType: req.headers['content-type'], contentLength: contentLengthOf(req.headers['content-length']), body: req.body },
      now,
      (id) => signedVideoUrl(deps.config.secretKey, id, now),
    ),
  );
  r.route(recordingsApi.list, { auth: warehouse, permission: 'warehouse.recording.upload' }, ({ query, session, deps, now }) =>
    service.centreRecordingList(deps.db, session.centreId, query, (id) => signedVideoUrl(deps.config.secretKey, id, now)),
  );
});
