import { merchantsApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { whoOf } from '../audit/service';
import * as service from './authorisation';

export default defineRoutes((r) => {
  r.route(merchantsApi.authInfo, { auth: ['trader'] }, ({ deps, session }) => service.authInfo(deps.db, session.merchantId));
  r.route(merchantsApi.authAdd, { auth: ['trader'], permission: 'merchant.auth.manage' }, ({ deps, session, body, now, req }) => {
    const { verify_code, ...fields } = body;
    return service.submitAuth(deps, { merchantId: session.merchantId, accountId: session.accountId, fields, verifyCode: verify_code, now, who: whoOf(session, req) });
  });
  r.route(merchantsApi.interceptPolicy, { auth: ['trader'], permission: 'merchant.auth.manage' }, ({ deps, session, body, now, req }) =>
    service.changeInterceptPolicy(deps.db, { merchantId: session.merchantId, policy: body.intercept_policy, who: whoOf(session, req), now }),
  );
});
