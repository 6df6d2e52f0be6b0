import { merchantTemplateApi, templatesApi, type TemplateNamespace, type UserType } from '@gemqc/contract';
import type { FastifyRequest } from 'fastify';
import { defineRoutes } from '../../platform/route';
import * as service from './service';

/** Label templates for the warehouse and the service-centre portals (one centre each). */
const portals: Record<TemplateNamespace, readonly UserType[]> = {
  warehouse: ['qualityInspection'],
  center: ['base'],
};

/** The web app's origin, for the sample verifyUrl. */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** Templates may carry a background image as a data URL. */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

export default defineRoutes((r) => {
  for (const ns of ['warehouse', 'center'] as const) {
    const api = templatesApi[ns];
    const auth = portals[ns];
    // reading is open to every account of the portal (printing needs the templates); writing needs template.manage
    r.route(api.list, { auth }, ({ query, session, deps }) => service.listTemplates(deps.db, session, query));
    r.route(api.detail, { auth }, ({ query, session, deps }) => service.getTemplate(deps.db, session, query.id));
    r.route(api.default, { auth }, ({ query, session, deps }) => service.getDefaultTemplate(deps.db, session, query.kind));
    r.route(api.fields, { auth }, ({ query }) => service.templateFields(query.kind));
    r.route(api.sample, { auth }, ({ query, session, deps, req, now }) => service.templateSample(deps.db, session, query.kind, originOf(req), now));
    r.route(api.save, { auth, permission: 'template.manage', bodyLimit: SAVE_BODY_LIMIT }, ({ body, session, deps, now }) =>
      service.saveTemplate(deps.db, session, body, now),
    );
    r.route(api.delete, { auth, permission: 'template.manage' }, ({ body, session, deps }) => service.deleteTemplate(deps.db, session, body.id));
    r.route(api.setDefault, { auth, permission: 'template.manage' }, ({ body, session, deps }) => service.setDefaultTemplate(deps.db, session, body.id));
  }
  r.route(merchantTemplateApi.default, { auth: ['trader'], permission: 'merchant.order.print' }, ({ query, session, deps }) =>
    service.getDefaultTemplateForMerchant(deps.db, session.merchantId, query.kind, query.centre_id),
  );
});
