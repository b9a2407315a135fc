/**
 * `/api/openapi.json`: OpenAPI 3.1 generated from the contract declarations, so the published
 * document cannot drift from what the routes accept and answer.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Endpoint } from '../../src/contract/define';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // 'any' instead of throwing for types JSON Schema cannot express (dates, transforms): the document
  // stays complete and the route still validates with the real zod schema.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query'): Parameter[] {
  if (schema === undefined) return [];
  const json = toJsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      // OpenAPI: path parameters are always required.
      required: location === 'path' || required.has(name),
      schema: propertySchema,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operationOf(endpoint: Endpoint): JsonSchema {
  const hasInput = endpoint.params !== undefined || endpoint.query !== undefined || endpoint.body !== undefined;
  const success =
    endpoint.response === undefined
      ? { '204': { description: 'No content' } }
      : {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: toJsonSchema(endpoint.response, 'output') } },
          },
        };
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    tags: [endpoint.id.split('.')[0] ?? endpoint.id],
    ...(endpoint.access.kind === 'public' ? { security: [] } : {}),
    // Who may call it, machine-readable; the permission-table test reads it back.
    'x-postroom-access': endpoint.access,
    parameters: [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')],
    ...(endpoint.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toJsonSchema(endpoint.body, 'input') } },
          },
        }),
    responses: {
      ...success,
      ...(hasInput ? { '400': errorResponse('Invalid path, query or body; `issues` lists why') } : {}),
      ...(endpoint.access.kind === 'public'
        ? {}
        : {
            '401': errorResponse('Missing, invalid or expired token'),
            '403': errorResponse('The caller lacks the right this operation needs'),
          }),
      ...(endpoint.access.kind === 'organisation' ||
      endpoint.access.kind === 'project' ||
      endpoint.access.kind === 'environment'
        ? { '404': errorResponse('Not found, or not visible to the caller') }
        : {}),
    },
  };
}

export function buildOpenApiDocument(endpoints: readonly Endpoint[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    item[endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Postroom API', version },
    paths,
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            code: { type: 'string' },
            issues: { type: 'array', items: { type: 'object' } },
          },
        },
      },
    },
  };
}

export function registerOpenApi(app: FastifyInstance, endpoints: readonly Endpoint[], version: string): void {
  let document: JsonSchema | undefined;
  app.get(OPENAPI_PATH, { config: { publicRoute: true } }, async () => {
    // Built on first request, then reused: the contract does not change while the server runs.
    document ??= buildOpenApiDocument(endpoints, version);
    return document;
  });
}
