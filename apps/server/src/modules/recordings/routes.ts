import { ordersApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { UnauthenticatedError } from '../../platform/errors';
import { sendStoredFile } from '../../platform/send-file';
import { signedVideoUrl, verifyVideoSig } from '../orders/videoLink';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(ordersApi.merchant.videoList, { auth: ['trader'], permission: 'merchant.video.view' }, ({ deps, session, query, now }) =>
    service.videoList(deps.db, session.merchantId, query, (id) => signedVideoUrl(deps.config.secretKey, id, now)),
  );
  // public route: a <video src> cannot send the session headers, so a signed link (from videoList or
  // orderDetail) is accepted as well as a merchant session
  r.route(ordersApi.merchant.video, { auth: 'public' }, async (ctx) => {
    const { deps, session, query, now } = ctx;
    const id = query.id;
    let merchantId: number | null;
    if (session?.userType === 'trader' && session.merchantId && session.permissions.includes('merchant.video.view')) merchantId = session.merchantId;
    else if (verifyVideoSig(deps.config.secretKey, id, query.exp, query.sig, now)) merchantId = null;
    else throw new UnauthenticatedError();
    const file = await service.videoFile(deps.db, deps.storage, id, merchantId);
    return sendStoredFile(ctx, file.key, { contentType: file.mime, fileName: file.fileName, inline: true });
  });
});
