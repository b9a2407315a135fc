/**
 * The configuration IDE's document: read, check, save. See server/configuration-document/.
 */
import type { FastifyInstance } from 'fastify';
import { documentToText } from '../../src/configuration-document/text';
import { checkConfigurationDocument, getConfigurationDocument, saveConfigurationDocument } from '../../src/contract/configuration-document';
import { auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import { checkDocumentResponse, saveDocument } from '../configuration-document/save';
import { storedDocument } from '../configuration-document/stored';
import type { ServerContext } from '../context';
import { registerEndpoint, SerializedResponse } from './register';

export function registerConfigurationDocumentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getConfigurationDocument, async ({ params }) => ({ text: documentToText(await storedDocument(ctx.db, params.envId)) }));

  registerEndpoint(app, ctx, checkConfigurationDocument, async ({ params, body }) => {
    // Thousands of problems and changes for a large document: they come back as JSON bytes, sent as is.
    return new SerializedResponse(checkConfigurationDocument, await checkDocumentResponse(ctx.db, params.envId, body.text));
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
