/**
 * Builds the Fastify instance: the API from the contract, its OpenAPI document and the built console.
 * Tests call this with an in-memory database; main.ts calls it with the real one and listens.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { allEndpoints } from '../src/contract/index';
import { isApiPath } from '../src/contract/server-paths';
import { installAuditLog } from './audit';
import { installAuthGuard } from './auth/guard';
import { createTokenService } from './auth/tokens';
import { registerConsole } from './console';
import type { ServerContext } from './context';
import type { Database } from './db/open';
import { installErrorHandler } from './error-handler';
import { createSecretBox } from './crypto/secret-box';
import { createOutboxMailer } from './mail/outbox';
import { registerRoutes } from './routes/index';
import { registerOpenApi } from './routes/openapi';
import { parseQueryString } from './routes/query-string';
import { installContractRouting } from './routes/register';
import { VERSION } from './version';

export interface BuildAppOptions {
  db: Database;
  /** HS256 key, at least 32 bytes. */
  jwtSecret: Uint8Array | string;
  /** Folder of the built console (dist/); without it only the API is served. */
  staticDir?: string;
  /** Where mails are written (`<data dir>/outbox`); a temporary folder when absent (tests). */
  outboxDir?: string;
  /** Pino logging (off by default, for tests); `{ level }` picks the level. */
  logger?: boolean | { level: string };
}

/** JSON bodies of the API; file uploads will get their own limit with multipart. */
const BODY_LIMIT = 1024 * 1024;

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { querystringParser: parseQueryString },
  });
  const ctx: ServerContext = {
    db: options.db,
    tokens: createTokenService(options.jwtSecret),
    mail: createOutboxMailer(options.outboxDir ?? join(tmpdir(), `postroom-outbox-${randomUUID()}`)),
    secrets: createSecretBox(options.jwtSecret),
  };

  installErrorHandler(app);
  installContractRouting(app, isApiPath);
  installAuthGuard(app, ctx);
  installAuditLog(app, ctx);
  registerRoutes(app, ctx);
  registerOpenApi(app, allEndpoints, VERSION);
  registerConsole(app, options.staticDir);
  return app;
}
