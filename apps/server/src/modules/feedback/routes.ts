import { authApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { addFeedback } from './service';

export default defineRoutes((r) => {
  r.route(authApi.merchant.feedback, { auth: ['trader'] }, ({ body, session, deps, now }) => addFeedback(deps.db, session, body, now));
  // spec §7: "Feedback from any other user type"
  r.route(authApi.center.feedback, { auth: ['base', 'qualityInspection', 'manage'] }, ({ body, session, deps, now }) => addFeedback(deps.db, session, body, now));
});
