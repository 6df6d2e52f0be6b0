import { authApi, type UserType } from '@gemqc/contract';
import type { FastifyRequest } from 'fastify';
import { defineRoutes, type Router } from '../../platform/route';
import { revokeToken } from '../../platform/sessions';
import { whoOf } from '../audit/service';
import * as service from './service';
import { sendSmsCode } from './sms.service';

function client(req: FastifyRequest, now: Date) {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''), now };
}

/** logout, info and edit: the same for every portal. */
function sessionRoutes(r: Router, api: (typeof authApi)['merchant' | 'center' | 'warehouse'], userType: UserType) {
  r.route(api.logout, { auth: 'public' }, async ({ token, session, deps, now }) => {
    // Signing out always succeeds for the client; a token of this portal is revoked.
    if (token && session?.userType === userType) await revokeToken(deps.db, token, now);
    return null;
  });
  r.route(api.info, { auth: [userType] }, ({ session, deps }) => service.buildInfo(deps.db, session.accountId));
  r.route(api.edit, { auth: [userType] }, ({ body, session, deps, now, req }) =>
    service.editProfile(deps, { accountId: session.accountId, keepTokenHash: session.tokenHash, now, patch: body, who: whoOf(session, req) }),
  );
}

export default defineRoutes((r) => {
  r.route(authApi.smsSend, { auth: 'public' }, ({ body, deps, req, now }) =>
    sendSmsCode(deps, { mobile: body.mobile, purpose: body.user_type === 'testing_auth' ? 'testing_auth' : 'login', ip: req.ip, now }),
  );

  // Merchant (trader) and service centre (base): password (type 1) or SMS code (type 2).
  for (const [api, userType] of [
    [authApi.merchant, 'trader'],
    [authApi.center, 'base'],
  ] as const) {
    r.route(api.login, { auth: 'public' }, ({ body, deps, req, now }) =>
      body.type === 2
        ? service.loginWithSms(deps, { userType, mobile: body.mobile, code: body.verify_code, ...client(req, now) })
        : service.loginWithPassword(deps, { userType, mobile: body.mobile, password: body.password, ...client(req, now) }),
    );
    sessionRoutes(r, api, userType);
  }

  r.route(authApi.merchant.register, { auth: 'public' }, ({ body, deps, req, now }) =>
    service.registerMerchant(deps, { mobile: body.mobile, code: body.verify_code, password: body.password, name: body.name, ...client(req, now) }),
  );
  r.route(authApi.center.register, { auth: 'public' }, ({ body, deps, req, now }) =>
    service.registerCentre(deps, {
      mobile: body.mobile,
      code: body.verify_code,
      password: body.password,
      name: body.name,
      centreName: body.center_name,
      centreAddress: body.center_address,
      ...client(req, now),
    }),
  );

  // Warehouse (qualityInspection): password only.
  r.route(authApi.warehouse.login, { auth: 'public' }, ({ body, deps, req, now }) =>
    service.loginWithPassword(deps, { userType: 'qualityInspection', mobile: body.mobile, password: body.password, ...client(req, now) }),
  );
  sessionRoutes(r, authApi.warehouse, 'qualityInspection');

  // Manager: mobile + SMS code.
  r.route(authApi.admin.login, { auth: 'public' }, ({ body, deps, req, now }) =>
    service.loginWithSms(deps, { userType: 'manage', mobile: body.mobile, code: body.verify_code, ...client(req, now) }),
  );
  r.route(authApi.admin.logout, { auth: 'public' }, async ({ token, session, deps, now }) => {
    if (token && session?.userType === 'manage') await revokeToken(deps.db, token, now);
    return null;
  });
  r.route(authApi.admin.info, { auth: ['manage'] }, ({ session, deps }) => service.buildInfo(deps.db, session.accountId));
});
