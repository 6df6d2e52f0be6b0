import { centreApplicationsApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { whoOf } from '../audit/service';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(centreApplicationsApi.list, { auth: ['manage'], permission: 'admin.centre.review' }, ({ deps, query }) => service.listApplications(deps.db, query));
  r.route(centreApplicationsApi.approve, { auth: ['manage'], permission: 'admin.centre.review' }, ({ deps, body, session, now, req }) =>
    service.reviewApplication(deps.db, { centreId: body.id, decision: 'approve', reviewerId: session.accountId, now, who: whoOf(session, req) }),
  );
  r.route(centreApplicationsApi.reject, { auth: ['manage'], permission: 'admin.centre.review' }, ({ deps, body, session, now, req }) =>
    service.reviewApplication(deps.db, { centreId: body.id, decision: 'reject', reason: body.reason, reviewerId: session.accountId, now, who: whoOf(session, req) }),
  );
});
