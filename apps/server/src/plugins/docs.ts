import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document built from the routes' zod schemas, browsable at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'GemQC API', version: '0.1.0', description: 'Every answer is the envelope `{code, msg, data}` (docs/domain.md#errors).' },
        servers: [],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            token: { type: 'apiKey', in: 'header', name: 'token' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null } });
  },
  { name: 'gemqc-docs' },
);
