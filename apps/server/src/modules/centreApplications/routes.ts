import { centreApplicationsApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(centreApplicationsApi.list, { auth: ['manage'], permission: 'admin.centre.review' }, ({ deps, query }) => service.listApplications(deps.db, query));
  r.route(centreApplicationsApi.approve, { auth: ['manage'], permission: 'admin.centre.review' }, ({ deps, body, session, now }) =>
    service.reviewApplication(deps.db, { centreId: body.id, decision: 'approve', reviewerId: session.accountId, now }),
  );
  r.route(centreApplicationsApi.reject, { auth: ['manage'], permission: 'admin.centre.review' }, ({ deps, body, session, now }) =>
    service.reviewApplication(deps.db, { centreId: body.id, decision: 'reject', reason: body.reason, reviewerId: session.accountId, now }),
  );
});
