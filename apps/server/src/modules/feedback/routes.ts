import { feedbackApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { addFeedback } from './service';

export default defineRoutes((r) => {
  r.route(feedbackApi.merchant, { auth: ['trader'] }, ({ body, session, deps, now }) => addFeedback(deps.db, session, body, now));
  // spec §7: "Feedback from any other user type"
  r.route(feedbackApi.center, { auth: ['base', 'qualityInspection', 'manage'] }, ({ body, session, deps, now }) => addFeedback(deps.db, session, body, now));
});
