/**
 * Environment versions (spec §2.2 project `versions`, §3 Environment "versions (name, date)"; shown
 * behind the projectVersions flag): a named snapshot of an environment's configuration, compared with
 * another version or the current configuration, and restored.
 *
 * A version holds the configuration only (`settings`: modules, extractor, content, languages,
 * retention, debug mode, categories); name, visibility and priority stay the environment's own, as
 * with an imported export file.
 */
import { z } from 'zod';
import { access, defineEndpoint, plainText } from './define';
import { environmentDetailsSchema, settingsChangeSchema } from './environments';

const envParams = z.object({ envId: z.string().min(1) });
const versionParams = envParams.extend({ versionId: z.string().min(1) });

export const versionSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** Username of whoever created it; null once that account is gone. */
  author: z.string().nullable(),
});
export type EnvironmentVersion = z.infer<typeof versionSchema>;

export const versionNameSchema = plainText().trim().min(1).max(100);
/** Message of a name already used by another version of the same environment. */
export const VERSION_NAME_TAKEN = 'Name "{name}" already used for a version of this environment';

/** A side of a comparison: a version id, or the environment's configuration as it is now. */
export const CURRENT_CONFIGURATION = 'current';


export const listVersions = defineEndpoint({
  id: 'versions.list',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/versions',
  summary: 'Versions of an environment, newest first',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  response: z.array(versionSchema),
});

export const createVersion = defineEndpoint({
  id: 'versions.create',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/versions',
  summary: 'Snapshot the current configuration as a named version (name unique in the environment)',
  access: access.environment('envId', 'configurator', 'operations'),
  params: envParams,
  body: z.object({ name: versionNameSchema }),
  response: versionSchema,
});

export const compareVersions = defineEndpoint({
  id: 'versions.compare',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/versions/compare',
  summary: `What changes from one version to another (either may be "${CURRENT_CONFIGURATION}")`,
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  query: z.object({ from: z.string().min(1).max(100), to: z.string().min(1).max(100) }),
  response: z.object({ changes: z.array(settingsChangeSchema) }),
});

export const restoreVersion = defineEndpoint({
  id: 'versions.restore',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/versions/{versionId}/restore',
  summary: 'Replace the configuration of the environment by that of a version',
  access: access.environment('envId', 'configurator', 'operations'),
  params: versionParams,
  response: environmentDetailsSchema,
});

export const deleteVersion = defineEndpoint({
  id: 'versions.delete',
  method: 'DELETE',
  path: '/v4/console/api/environment/{envId}/versions/{versionId}',
  summary: 'Delete a version (the environment is unchanged)',
  access: access.environment('envId', 'configurator'),
  params: versionParams,
});
