// OpenAPI document generated from the contract's zod schemas, at /services/rest/openapi.json.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX, PRODUCT_VERSION } from '@sportello/contract';

export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sportello API', version: PRODUCT_VERSION },
      components: {
        securitySchemes: { sessionId: { type: 'apiKey', in: 'header', name: 'sessionId' } },
      },
      security: [{ sessionId: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
});
