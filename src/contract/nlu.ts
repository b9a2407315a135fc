/**
 * NLU endpoints, all under `/v4/console/api/environment/{envId}/nlu/`.
 *
 * Access (spec §6):
 * - reading the configuration, the configuration check and the NLU test: qualifier (the testing
 *   center and the NLU test are qualifier screens; cockpit users only see dashboards);
 * - every write: configurator. ROLE_RIGHT_SERVER_CREATE/UPDATE/DELETE/START/STOP and
 *   ROLE_RIGHT_CONTEXT_DELETE are the configurator profile (organisation admins and provider SRE
 *   count as configurators, so SRE may start and stop servers on any environment);
 * - import and export: configurator, as the environment export.
 *
 * Saves answer the saved item and `errors`: the configuration errors (compileNlu) that concern it,
 * with line numbers. A save with configuration errors is stored, not refused, so nothing typed in the
 * editor is lost (an archetype may name one not written yet); analyses compile what is usable.
 */
import { z } from 'zod';
import { access, defineEndpoint, type Endpoint } from './define';
import { nluResultSchema } from './modules/nlu';
import { ENVIRONMENT_FILE_BODY_LIMIT, languageSchema } from './environments';
import {
  archetypeInputSchema,
  archetypeSchema,
  contextInputSchema,
  contextSchema,
  interactionFunctionInputSchema,
  interactionFunctionSchema,
  interactionInputSchema,
  interactionSchema,
  nluConfigErrorSchema,
  serverInputSchema,
  serverSchema,
} from './nlu-entities';
import { nluImportReportSchema, originalNluExportSchema } from './nlu-transfer';

export * from './nlu-entities';
export * from './nlu-transfer';
export * from './nlu-module';

const BASE = '/v4/console/api/environment/{envId}/nlu';
/** What every NLU write changes of the access facts: nothing (the server keeps its access cache). */
const NLU_ONLY = [] as const;
const envParams = z.object({ envId: z.string().min(1) });

/** list, create, update and delete of one kind of item, with the same rules for each. */
function crud<Id extends string, I extends z.ZodType, V extends z.ZodType>(
  kind: string,
  segment: string,
  idParam: Id,
  input: I,
  view: V,
  label: string,
) {
  const itemParams = envParams.extend({ [idParam]: z.string().min(1) } as Record<Id, z.ZodString>);
  const saved = z.object({ item: view, errors: z.array(nluConfigErrorSchema) });
  return {
    list: defineEndpoint({
      id: `nlu.${kind}.list`,
      method: 'GET',
      path: `${BASE}/${segment}`,
      summary: `The ${label}s of the environment, by name`,
      // Provider SRE reads the configuration it operates: no writes.
      access: access.environment('envId', 'qualifier', 'operations'),
      params: envParams,
      response: z.array(view),
    }),
    create: defineEndpoint({
      id: `nlu.${kind}.create`,
      method: 'POST',
      path: `${BASE}/${segment}`,
      changesAccessFacts: NLU_ONLY,
      summary: `Create a ${label} (name unique); answers it with the configuration errors that concern it`,
      access: access.environment('envId', 'configurator'),
      params: envParams,
      body: input,
      response: saved,
    }),
    update: defineEndpoint({
      id: `nlu.${kind}.update`,
      method: 'PUT',
      path: `${BASE}/${segment}/{${idParam}}`,
      changesAccessFacts: NLU_ONLY,
      summary: `Replace a ${label}; answers it with the configuration errors that concern it`,
      access: access.environment('envId', 'configurator'),
      params: itemParams,
      body: input,
      response: saved,
    }),
    remove: defineEndpoint({
      id: `nlu.${kind}.delete`,
      method: 'DELETE',
      path: `${BASE}/${segment}/{${idParam}}`,
      changesAccessFacts: NLU_ONLY,
      summary: `Delete a ${label}`,
      access: access.environment('envId', 'configurator'),
      params: itemParams,
    }),
  };
}

export const archetypeEndpoints = crud('archetypes', 'archetypes', 'archetypeId', archetypeInputSchema, archetypeSchema, 'archetype');
/** Deleting a context (ROLE_RIGHT_CONTEXT_DELETE) deletes its interactions and unlinks it from servers. */
export const contextEndpoints = crud('contexts', 'contexts', 'contextId', contextInputSchema, contextSchema, 'context');
export const interactionEndpoints = crud('interactions', 'interactions', 'interactionId', interactionInputSchema, interactionSchema, 'interaction');
export const functionEndpoints = crud('functions', 'functions', 'functionId', interactionFunctionInputSchema, interactionFunctionSchema, 'interaction function');
export const serverEndpoints = crud('servers', 'servers', 'serverId', serverInputSchema, serverSchema, 'server');

const serverParams = envParams.extend({ serverId: z.string().min(1) });

/** ROLE_RIGHT_SERVER_START: the server is `starting` for a moment, then `started`. */
export const startNluServer = defineEndpoint({
  id: 'nlu.servers.start',
  method: 'POST',
  path: `${BASE}/servers/{serverId}/start`,
  changesAccessFacts: NLU_ONLY,
  summary: 'Start a server (it is "starting" for a moment, then "started")',
  access: access.environment('envId', 'configurator', 'operations'),
  params: serverParams,
  response: serverSchema,
});

/** ROLE_RIGHT_SERVER_STOP. */
export const stopNluServer = defineEndpoint({
  id: 'nlu.servers.stop',
  method: 'POST',
  path: `${BASE}/servers/{serverId}/stop`,
  changesAccessFacts: NLU_ONLY,
  summary: 'Stop a server (the next analysis or test reaching it starts it again)',
  access: access.environment('envId', 'configurator', 'operations'),
  params: serverParams,
  response: serverSchema,
});

export const nluTestBodySchema = z.object({
  text: z.string().max(100_000),
  /** A language of the list or `auto`; default: the server's default language. */
  language: languageSchema.optional(),
  /** A server's name or id; default: the first server by name. */
  server: z.string().min(1).max(100).optional(),
});

/**
 * The NLU test: the text through one server's contexts. A stopped server is started; while it is
 * starting the answer is 503 `aiStarting` (§8 "AI starting up"), with `retryAfterMs`.
 */
export const testNlu = defineEndpoint({
  id: 'nlu.test',
  method: 'POST',
  path: `${BASE}/test`,
  changesAccessFacts: NLU_ONLY,
  summary: 'Analyse a text with a server of the environment (503 aiStarting while it starts)',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  body: nluTestBodySchema,
  response: nluResultSchema,
});

export const checkNlu = defineEndpoint({
  id: 'nlu.check',
  method: 'GET',
  path: `${BASE}/check`,
  summary: 'Every configuration error of the environment (with line numbers) and the contexts no server uses',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  response: z.object({ errors: z.array(nluConfigErrorSchema), contextsWithoutServer: z.array(z.string()) }),
});

export const importNlu = defineEndpoint({
  id: 'nlu.import',
  method: 'POST',
  path: `${BASE}/import`,
  changesAccessFacts: NLU_ONLY,
  summary: "Import the original platform's console export (exportVersion 2): items are added or replaced by name",
  access: access.environment('envId', 'configurator'),
  params: envParams,
  body: z.unknown(),
  bodyLimit: ENVIRONMENT_FILE_BODY_LIMIT,
  response: nluImportReportSchema,
});

export const exportNlu = defineEndpoint({
  id: 'nlu.export',
  method: 'GET',
  path: `${BASE}/export`,
  summary: "The NLU configuration in the original platform's console export format (exportVersion 2)",
  access: access.environment('envId', 'configurator', 'operations'),
  params: envParams,
  response: originalNluExportSchema,
});

export const nluEndpoints: readonly Endpoint[] = [
  ...[archetypeEndpoints, contextEndpoints, interactionEndpoints, functionEndpoints, serverEndpoints].flatMap((set) => [
    set.list,
    set.create,
    set.update,
    set.remove,
  ]),
  startNluServer,
  stopNluServer,
  testNlu,
  checkNlu,
  importNlu,
  exportNlu,
];
