import { notificationsApi as api } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import * as service from './service';
import { openStream } from './stream';

const everyone = ['trader', 'qualityInspection', 'base', 'manage'] as const;

export default defineRoutes((r) => {
  r.route(api.summary, { auth: everyone }, ({ deps, session, query }) => service.summary(deps.db, session, query.limit));
  r.route(api.read, { auth: everyone }, ({ deps, session, body, now }) => service.markRead(deps.db, session, body.id, now));
  r.route(api.readAll, { auth: everyone }, ({ deps, session, now }) => service.markAllRead(deps.db, session, now));
  // the session is checked by the route helper like every route; the stream then polls the table
  r.route(api.stream, { auth: everyone }, ({ deps, session, token, query, req, reply }) => openStream({ deps, session, token, after: query.after, req, reply }));
});
