import { inspectionApi } from '@gemqc/contract';
import { TooManyError } from '../../platform/errors';
import { defineRoutes } from '../../platform/route';
import { centreCallerOf } from '../../platform/actor';
import { signedPhotoUrl } from '../orders/fileLinks';
import { whoOf } from '../audit/service';
import * as service from './service';

const warehouse = ['qualityInspection'] as const;

/** Public certificate checks per client address per minute (the codes must not be guessed in bulk). */
const VERIFY_PER_MINUTE = 120;

export default defineRoutes((r) => {
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

  r.route(inspectionApi.certificateVerify, { auth: 'public' }, async ({ query, deps, now, req }) => {
    const hit = await deps.limiter.hit(`cert-verify:${req.ip}`, VERIFY_PER_MINUTE, 60, now);
    if (!hit.allowed) throw new TooManyError('查询过于频繁，请稍后再试', hit.retryAfterSeconds);
    return service.verifyCertificate(deps.db, query.code, photoUrl(now));
  });
});
