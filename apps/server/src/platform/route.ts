import type { Endpoint, PermissionKey, UserType } from '@gemqc/contract';
import { holdsUntypeableText, IDEMPOTENCY_KEY_HEADER, untypeableTextMessage } from '@gemqc/contract';
import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import { z } from 'zod';
import type { AppDeps } from './deps';
import { BusinessError, ForbiddenError, UnauthenticatedError } from './errors';
import { ok } from './envelope';
import { idempotencyKeyOf, keyScope, runOnce } from './idempotency';
import { isPermissionOf, missingPermissionText } from './permissions';
import { resolveSession, tokenFromHeaders, type Session, type SessionOf } from './sessions';

/** Who may call a route: anyone, or signed-in accounts of these portals. */
export type RouteAuth = 'public' | readonly UserType[];

export interface RouteOptions<A extends RouteAuth> {
  auth: A;
  /** Permission key the caller must hold (owners hold all), or a list of which any one is enough. */
  permission?: PermissionKey | readonly PermissionKey[];
  /** Override the JSON body size limit (bytes) for this route. */
  bodyLimit?: number;
  /**
   * The route takes a raw media body (image/*, video/*, audio/*) as a stream, up to `maxBytes`
   * (a larger declared size is refused before it is read); its module registers
   * plugins/mediaBodies.ts in its scope. Other routes refuse media bodies.
   */
  upload?: { maxBytes: number };
  /** Hide from the OpenAPI document. */
  hidden?: boolean;
}

type In<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<E extends Endpoint, A extends RouteAuth> {
  body: E extends Endpoint<infer B, z.ZodType | undefined, z.ZodType> ? In<B> : never;
  query: E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType> ? In<Q> : never;
  /**
   * The caller, typed by the route's portals (a trader route's session has a number merchantId, a
   * centre route's a number centreId); null only on public routes called without a valid token.
   */
  session: A extends readonly (infer U extends UserType)[] ? SessionOf<U> : Session | null;
  /** The raw token of the request (logout revokes it). */
  token: string | null;
  deps: AppDeps;
  /** The app clock's time at the start of the request. */
  now: Date;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler answers: the endpoint's data (before the data schema's output step), or the
 * reply itself after sending a non-envelope answer (a file, a stream, an Excel sheet). */
export type RouteResult<E extends Endpoint> = (E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.input<D> : never) | FastifyReply;

export type RouteHandler<E extends Endpoint, A extends RouteAuth> = (ctx: RouteContext<E, A>) => Promise<RouteResult<E>> | RouteResult<E>;

/** The object a module's routes file receives. */
export interface Router {
  deps: AppDeps;
  app: FastifyInstance;
  route<E extends Endpoint, A extends RouteAuth>(endpoint: E, options: RouteOptions<A>, handler: RouteHandler<E, A>): void;
}

/**
 * A module's routes: `export default defineRoutes((r) => { r.route(...); })`. Each module is mounted
 * in a Fastify scope of its own (`r.app`), so a plugin it registers there (the media body parser
 * of plugins/mediaBodies.ts: `await r.app.register(mediaBodies)`) serves its routes only.
 */
export type RouteModule = (router: Router) => void | Promise<void>;
export function defineRoutes(fn: RouteModule): RouteModule {
  return fn;
}

/** An absent body is validated as `{}`, so a missing field gets its own message. */
function bodySchema(s: z.ZodType): z.ZodType {
  return z.preprocess((v) => (v === undefined || v === null ? {} : v), s);
}

const envelopeSchema = (data: z.ZodType) =>
  z.object({ code: z.number().describe('1000 success; see docs/domain.md#errors'), msg: z.string(), data: data.nullable() });

function tagOf(path: string): string {
  const seg = path.split('/').filter(Boolean);
  return seg[0] === 'publics' || seg.length < 3 ? 'public' : `${seg[0]}${seg[2] ? ' · ' + seg[2] : ''}`;
}

/** Who a route lets in, as the OpenAPI extensions say it (x-gemqc-auth, x-gemqc-permission). */
export function accessExtensions(auth: RouteAuth, anyOf: readonly PermissionKey[] | null) {
  return { 'x-gemqc-auth': auth === 'public' ? 'public' : [...auth], ...(anyOf ? { 'x-gemqc-permission': { anyOf: [...anyOf] } } : {}) };
}

/** The token and session the route's onRequest hook resolved (handlers get them in their context). */
const callerOf = new WeakMap<FastifyRequest, { token: string | null; session: Session | null }>();

export function createRouter(app: FastifyInstance, deps: AppDeps): Router {
  const router: Router = {
    deps,
    app,
    route(endpoint, options, handler) {
      const auth = options.auth;
      const anyOf = options.permission === undefined ? null : typeof options.permission === 'string' ? [options.permission as PermissionKey] : [...(options.permission as readonly PermissionKey[])];
      if (anyOf && auth === 'public') throw new Error(`A public route cannot demand a permission (${endpoint.path})`);
      for (const key of anyOf ?? []) {
        for (const t of auth as readonly UserType[]) {
          if (!isPermissionOf(t, key)) throw new Error(`Permission ${key} is not in the ${t} catalogue (${endpoint.path})`);
        }
      }
      const who = auth === 'public' ? 'Public' : `Portals: ${auth.join(', ')}${anyOf ? `; permission ${anyOf.map((k) => `\`${k}\``).join(' or ')}` : ''}`;
      app.route({
        method: endpoint.method,
        url: `/api${endpoint.path}`,
        bodyLimit: options.bodyLimit,
        ...(options.upload ? { config: { upload: options.upload } } : {}),
        schema: {
          summary: endpoint.summary,
          tags: [tagOf(endpoint.path)],
          hide: options.hidden,
          description: endpoint.idempotent ? `${who}. Send an \`${IDEMPOTENCY_KEY_HEADER}\` header (8–64 letters, digits, - or _; one per form attempt): a repeat with the same key answers the first answer (header \`idempotent-replayed: true\`), the same key with other content answers 1001` : who,
          ...(auth === 'public' ? {} : { security: [{ bearer: [] }, { token: [] }] }),
          ...accessExtensions(auth, anyOf),
          ...(options.upload ? { 'x-gemqc-upload': { maxBytes: options.upload.maxBytes } } : {}),
          ...(endpoint.body ? { body: bodySchema(endpoint.body) } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          response: { 200: envelopeSchema(endpoint.data) },
        },
        // Sign-in first, then the permission (before the body is even read), then the input.
        onRequest: async (req, reply) => {
          reply.header('cache-control', 'no-store'); // answers of the API (files and exports too) are never cached
          const now = deps.clock.now();
          const token = tokenFromHeaders(req.headers);
          let session: Session | null = null;
          if (token) session = await resolveSession(deps.db, token, now, deps.config.sessionTtlDays);
          if (auth !== 'public') {
            if (!session || !auth.includes(session.userType)) throw new UnauthenticatedError();
            if (anyOf && !anyOf.some((k) => session.permissions.includes(k))) throw new ForbiddenError(missingPermissionText(session.userType, anyOf));
            // req.log is this request's own child logger already (pino: app.ts): bind the caller to it, no second child
            (req.log as PinoLogger).setBindings({ account_id: session.accountId, user_type: session.userType });
          }
          callerOf.set(req, { token, session });
        },
        // One rule for every string of every input (common.ts): no NUL or control character reaches a schema or the database.
        preValidation: async (req) => {
          const body = req.body instanceof Stream ? undefined : req.body; // an upload's raw body stream is not text
          if (holdsUntypeableText(req.query) || holdsUntypeableText(body)) throw new BusinessError(untypeableTextMessage, 'common.untypeable_text');
        },
        handler: async (req, reply) => {
          const now = deps.clock.now();
          const { token, session } = callerOf.get(req) ?? { token: null, session: null };
          const contextWith = (d: AppDeps) => ({ body: req.body, query: req.query, session, token, deps: d, now, req, reply }) as unknown as RouteContext<typeof endpoint, typeof auth>;
          const send = (data: unknown) => reply.type('application/json; charset=utf-8').send(JSON.stringify(ok(data)));
          const key = endpoint.idempotent ? idempotencyKeyOf(req.headers) : null;
          if (key) {
            // the handler's writes and the key commit together (idempotency.ts): a repeat answers the first answer
            const once = await runOnce(deps.db, { scope: keyScope(session), endpoint: endpoint.path, key, body: req.body, now, secret: deps.config.secretKey }, async (tx) =>
              endpoint.data.parse(await handler(contextWith({ ...deps, db: tx }))),
            );
            if (once.replayed) reply.header('idempotent-replayed', 'true');
            return send(once.data);
          }
          const result = await handler(contextWith(deps));
          if (result === reply || reply.sent) return reply;
          return send(endpoint.data.parse(result));
        },
      });
    },
  };
  return router;
}

