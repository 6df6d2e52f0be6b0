import type { Endpoint, UserType } from '@gemqc/contract';
import { Codes } from '@gemqc/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from './deps';
import { ForbiddenError, UnauthenticatedError } from './errors';
import { ok } from './envelope';
import { isPermissionOf } from './permissions';
import { resolveSession, tokenFromHeaders, type Session } from './sessions';

/** Who may call a route: anyone, or signed-in accounts of these portals. */
export type RouteAuth = 'public' | readonly UserType[];

export interface RouteOptions<A extends RouteAuth> {
  auth: A;
  /** Permission key from platform/permissions.ts the caller must hold (owners hold all). */
  permission?: string;
  /** Override the JSON body size limit (bytes) for this route. */
  bodyLimit?: number;
  /** Hide from the OpenAPI document. */
  hidden?: boolean;
}

type In<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<E extends Endpoint, A extends RouteAuth> {
  body: E extends Endpoint<infer B, z.ZodType | undefined, z.ZodType> ? In<B> : never;
  query: E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType> ? In<Q> : never;
  /** The caller; null only on public routes called without a valid token. */
  session: A extends 'public' ? Session | null : Session;
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

/** A module's routes: `export default defineRoutes((r) => { r.route(...); })`. */
export type RouteModule = (router: Router) => void;
export function defineRoutes(fn: RouteModule): RouteModule {
  return fn;
}

/** An absent body is validated as `{}`, so a missing field gets its own message. */
function bodySchema(s: z.ZodType): z.ZodType {
  return z.preprocess((v) => (v === undefined || v === null ? {} : v), s);
}

const envelopeSchema = (data: z.ZodType) =>
  z.object({ code: z.number().describe('1000 success; see DOMAIN.md §8'), msg: z.string(), data: data.nullable() });

function tagOf(path: string): string {
  const seg = path.split('/').filter(Boolean);
  return seg[0] === 'publics' || seg.length < 3 ? 'public' : `${seg[0]}${seg[2] ? ' · ' + seg[2] : ''}`;
}

export function createRouter(app: FastifyInstance, deps: AppDeps): Router {
  const router: Router = {
    deps,
    app,
    route(endpoint, options, handler) {
      const auth = options.auth;
      if (options.permission && auth !== 'public') {
        for (const t of auth as readonly UserType[]) {
          if (!isPermissionOf(t, options.permission)) throw new Error(`Permission ${options.permission} is not in the ${t} catalogue (${endpoint.path})`);
        }
      }
      app.route({
        method: endpoint.method,
        url: `/api${endpoint.path}`,
        bodyLimit: options.bodyLimit,
        schema: {
          summary: endpoint.summary,
          tags: [tagOf(endpoint.path)],
          hide: options.hidden,
          // The declaration itself, machine-readable: the hardening suite derives its expectations from it.
          'x-gemqc-auth': auth,
          ...(options.permission ? { 'x-gemqc-permission': { anyOf: [options.permission] } } : {}),
          ...(auth === 'public' ? {} : { security: [{ bearer: [] }, { token: [] }], description: `Portals: ${auth.join(', ')}${options.permission ? `; permission \`${options.permission}\`` : ''}` }),
          ...(endpoint.body ? { body: bodySchema(endpoint.body) } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          response: { 200: envelopeSchema(endpoint.data) },
        },
        handler: async (req, reply) => {
          const now = deps.clock.now();
          const token = tokenFromHeaders(req.headers);
          let session: Session | null = null;
          if (token) session = await resolveSession(deps.db, token, now, deps.config.sessionTtlDays, deps.sessionCache);
          if (auth !== 'public') {
            if (!session || !auth.includes(session.userType)) throw new UnauthenticatedError();
            if (options.permission && !session.permissions.includes(options.permission)) throw new ForbiddenError();
            req.log = req.log.child({ account_id: session.accountId, user_type: session.userType });
          }
          const ctx = { body: req.body, query: req.query, session, token, deps, now, req, reply } as RouteContext<typeof endpoint, typeof auth>;
          const result = await handler(ctx);
          if (result === reply || reply.sent) return reply;
          const data = endpoint.data.parse(result);
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(ok(data)));
        },
      });
    },
  };
  return router;
}

export { Codes };
