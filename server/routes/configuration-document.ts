/**
 * The configuration IDE's document (issue 17): read, check, save. See server/configuration-document/.
 */
import type { FastifyInstance } from 'fastify';
import { documentToText } from '../../src/configuration-document/text';
import { checkConfigurationDocument, getConfigurationDocument, saveConfigurationDocument } from '../../src/contract/configuration-document';
import { auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import { checkDocument, saveDocument } from '../configuration-document/save';
import { storedDocument } from '../configuration-document/stored';
import type { ServerContext } from '../context';
import { registerEndpoint } from './register';

export function registerConfigurationDocumentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getConfigurationDocument, async ({ params }) => ({ text: documentToText(await storedDocument(ctx.db, params.envId)) }));

  registerEndpoint(app, ctx, checkConfigurationDocument, async ({ params, body }) => {
    const checked = await checkDocument(ctx.db, params.envId, body.text, false);
    return { problems: checked.problems, blocking: checked.blocking, changes: [...checked.changes.settings, ...checked.changes.nlu] };
  });

  registerEndpoint(app, ctx, saveConfigurationDocument, async ({ params, body, request }) => {
    const principal = principalOf(request);
    const saved = await saveDocument(ctx.db, params.envId, body.text, body.versionName, principal.userId);
    auditTarget(request, { type: 'environment', id: params.envId });
    return {
      version: { id: saved.version.id, name: saved.version.name, createdAt: saved.version.createdAt.toISOString(), author: principal.username },
      changes: saved.changes,
    };
  });
}
