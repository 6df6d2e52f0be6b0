import { z } from 'zod';
import { endpoint } from './common';

/** What a load balancer and an operator ask a host: is it alive, is it ready for traffic. */
export const healthApi = {
  health: endpoint({ method: 'GET', path: '/health', summary: 'Liveness and database check', data: z.object({ status: z.literal('ok'), db: z.literal('ok') }) }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    summary: 'Readiness for a load balancer: the database and the file store answer and the host is not draining (else HTTP 503, code 1500)',
    data: z.object({ status: z.literal('ready'), db: z.literal('ok'), storage: z.literal('ok') }),
  }),
};
