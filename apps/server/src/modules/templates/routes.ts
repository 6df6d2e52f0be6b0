import { merchantTemplateApi, TEMPLATE_IMAGE_MAX_BYTES, templateImageApi, templatesApi, type TemplateNamespace, type UserType } from '@gemqc/contract';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../../platform/errors';
import mediaBodies from '../../plugins/mediaBodies';
import { defineRoutes } from '../../platform/route';
import { sendStoredFile } from '../../platform/send-file';
import { contentLengthOf } from '../../platform/upload';
import { parseTemplateImageKey, uploadTemplateImage } from './images';
import { whoOf } from '../audit/service';
import * as service from './service';

/** Label templates for the warehouse and the service-centre portals (one centre each). */
const portals = {
  warehouse: ['qualityInspection'],
  center: ['base'],
} as const satisfies Record<TemplateNamespace, readonly UserType[]>;

/** The web app's origin, for the sample verifyUrl. */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** Templates may carry a background image as a data URL. */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

export default defineRoutes(async (r) => {
  await r.app.register(mediaBodies); // imageUpload takes the raw picture as its body
  for (const ns of ['warehouse', 'center'] as const) {
    const api = templatesApi[ns];
    const auth = portals[ns];
    // reading is open to every account of the portal (printing needs the templates); writing needs template.manage
    r.route(api.list, { auth }, ({ query, session, deps }) => service.listTemplates(deps.db, session, query));
    r.route(api.detail, { auth }, ({ query, session, deps }) => service.getTemplate(deps.db, session, query.id));
    r.route(api.default, { auth }, ({ query, session, deps }) => service.getDefaultTemplate(deps.db, session, query.kind));
    r.route(api.fields, { auth }, ({ query }) => service.templateFields(query.kind));
    r.route(api.sample, { auth }, ({ query, session, deps, req, now }) => service.templateSample(deps.db, session, query.kind, originOf(req), now));
    r.route(api.save, { auth, permission: 'template.manage', bodyLimit: SAVE_BODY_LIMIT }, ({ body, session, deps, now, req }) =>
      service.saveTemplate(deps.db, session, body, now, whoOf(session, req), { storage: deps.storage, settings: deps.config.templateImages, origin: originOf(req) }),
    );
    r.route(api.delete, { auth, permission: 'template.manage' }, ({ body, session, deps, now, req }) => service.deleteTemplate(deps.db, session, body.id, now, whoOf(session, req)));
    r.route(api.setDefault, { auth, permission: 'template.manage' }, ({ body, session, deps, now, req }) => service.setDefaultTemplate(deps.db, session, body.id, now, whoOf(session, req)));
    // the raw picture is the body, as a stream (RouteOptions.upload)
    r.route(api.imageUpload, { auth, permission: 'template.manage', upload: { maxBytes: TEMPLATE_IMAGE_MAX_BYTES } }, ({ session, deps, req }) =>
      uploadTemplateImage({ storage: deps.storage, maxPixels: deps.config.imageMaxPixels }, session.centreId, { contentType: req.headers['content-type'], contentLength: contentLengthOf(req.headers['content-length']), body: req.body }),
    );
  }
  // public: C-Lodop loads the picture without a session; a key never changes its file, so it is cached for good
  r.route(templateImageApi.image, { auth: 'public' }, async (ctx) => {
    const image = parseTemplateImageKey(ctx.query.key);
    if (!image) throw new NotFoundError('图片不存在');
    ctx.reply.header('x-content-type-options', 'nosniff');
    return sendStoredFile(ctx, ctx.query.key, { contentType: image.mime, cacheSeconds: 365 * 24 * 3600 });
  });
  r.route(merchantTemplateApi.default, { auth: ['trader'], permission: 'merchant.order.print' }, ({ query, session, deps }) =>
    service.getDefaultTemplateForMerchant(deps.db, session.merchantId, query.kind, query.centre_id),
  );
});
