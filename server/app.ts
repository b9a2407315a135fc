/**
 * Builds the Fastify instance: the API from the contract, its OpenAPI document and the built console.
 * Tests call this with an in-memory database; main.ts calls it with the real one and listens.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../src/contract/uploads';
import pino from 'pino';
import { JSON_BODY_LIMIT } from '../src/contract/define';
import { allEndpoints } from '../src/contract/index';
import { isApiPath } from '../src/contract/server-paths';
import { installAuditLog } from './audit';
import { type AccessCache, createAccessCache, installAccessCacheInvalidation } from './auth/access-cache';
import { installAuthGuard } from './auth/guard';
import { createTokenService } from './auth/tokens';
import { registerConsole } from './console';
import type { ServerContext } from './context';
import type { Database } from './db/open';
import { installErrorHandler } from './error-handler';
import { installJsonBodyParser } from './json-body';
import { createSecretBox } from './crypto/secret-box';
import { createOutboundClient, type OutboundClient } from './outbound/client';
import { logSerializers, OneLinePerRequest } from './log';
import { stdoutDestination } from './log-destination';
import type { Mailer } from './mail/mailer';
import { createPublicLinks } from './mail/public-links';
import { startSweeper } from './nlu/lifecycle';
import { startDashboardRollup } from './dashboard/rollup';
import { startAlertJob } from './alerts/evaluate';
import type { PeriodicJob } from './periodic-job';
import { startConnectorJob, type ConnectorJob } from './integrations/job';
import { INTEGRATION_DEFAULTS, type IntegrationSettings } from './integrations/settings';
import { createNluRuntime, type NluRuntime, type NluRuntimeOptions } from './nlu/runtime';
import { startPipeline, type Pipeline, type PipelineOptions } from './pipeline/pipeline';
import { registerRoutes } from './routes/index';
import { registerOpenApi } from './routes/openapi';
import { installRequestTimeouts, REQUEST_TIMEOUTS, serverTimeoutOptions, type RequestTimeouts } from './request-timeouts';
import { parseQueryString } from './routes/query-string';
import { installSecurityHeaders } from './security';
import { installShutdown } from './shutdown';
import { installContractRouting } from './routes/register';
import { createOidcClients } from './sso/oidc-client';
import type { SsoSettings } from './sso/settings';
import { createTransactionSealer } from './sso/transactions';
import { VERSION } from './version';

export interface BuildAppOptions {
  db: Database;
  /** HS256 key, at least 32 bytes. */
  jwtSecret: Uint8Array | string;
  /** Folder of the built console (dist/); without it only the API is served. */
  staticDir?: string;
  /** Pino logging (off by default, for tests); `{ level }` picks the level. */
  logger?: boolean | { level: string };
  /** How long clients may take to send requests (request-timeouts.ts); tests shorten them. */
  timeouts?: Partial<RequestTimeouts>;
  /** Where log lines go (stdout by default); tests read them from here. */
  logStream?: pino.DestinationStream;
  mailer: Mailer;
  /**
   * Where this server's console is reached (POSTROOM_PUBLIC_URL): mailed links are built on it. Absent,
   * the listening address (mail/public-links.ts).
   */
  publicUrl?: string;
  /** Other origins serving the console (reset links may point there; see mail/public-links.ts). */
  consoleOrigins?: readonly string[];
  /** The API origin when the console calls another host (VITE_API_BASE_URL); added to connect-src. */
  apiOrigin?: string;
  /** Social sign-in and sign-up settings (organisations' identity providers live in the database). */
  sso?: SsoSettings;
  /**
   * Analysis workers, webhook deliveries and retention (server/pipeline), started when the app is
   * ready and stopped when it closes. Off when absent or false (tests ask for it when they need it).
   */
  pipeline?: PipelineOptions | false;
  /**
   * The HTTP client for user-chosen targets (webhooks). Absent: one that refuses loopback, private and
   * link-local targets (POSTROOM_WEBHOOK_ALLOW_PRIVATE unset).
   */
  outbound?: OutboundClient;
  /** How long this process may reuse identities and rights it read (auth/access-cache.ts); 0 turns it off. */
  accessCacheTtlMs?: number;
  /** The access cache to use, for code that writes those tables outside a request and must invalidate it. */
  accessCache?: AccessCache;
  /** NLU servers' start-up time, idle stop and clock (tests shorten them), or a runtime to share. */
  nlu?: Partial<NluRuntimeOptions> | NluRuntime;
  /** Dashboards (POSTROOM_DASHBOARDS); on when absent. */
  dashboards?: boolean;
  /** Connector providers' URLs, platform Google client and run intervals (integrations/settings.ts). */
  integrations?: Partial<IntegrationSettings>;
  /** How often the alert job runs in this process (POSTROOM_ALERTS_EVERY_MS; one minute). */
  alertsEveryMs?: number;
  /**
   * On close, how long background work and open requests have to end before they are handed back and
   * cut (shutdown.ts). Absent: the pipeline's `stopGraceMs`; without either, they are waited for.
   */
  shutdownGraceMs?: number;
}

/** Routes outside the contract (each contract route declares its own); file uploads have their own limits (multipart, UPLOAD_LIMITS). */
const BODY_LIMIT = JSON_BODY_LIMIT;

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const timeouts: RequestTimeouts = { ...REQUEST_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger:
      options.logger === undefined || options.logger === false
        ? false
        : {
            ...(options.logger === true ? {} : options.logger),
            serializers: logSerializers,
            stream: options.logStream ?? stdoutDestination(),
          },
    logController: new OneLinePerRequest(),
    ...serverTimeoutOptions(timeouts),
    bodyLimit: BODY_LIMIT,
    routerOptions: { querystringParser: parseQueryString },
  });
  const transactions = createTransactionSealer(options.jwtSecret);
  // Before any other hook: its preClose stops every job at once (the test runner's included).
  const shutdown = installShutdown(app, options.shutdownGraceMs ?? (options.pipeline ? options.pipeline.stopGraceMs : undefined));
  const ctx: ServerContext = {
    shutdown,
    db: options.db,
    tokens: createTokenService(options.jwtSecret),
    mailer: options.mailer,
    links: createPublicLinks(app, { publicUrl: options.publicUrl, consoleOrigins: options.consoleOrigins }),
    secrets: createSecretBox(options.jwtSecret),
    outbound: options.outbound ?? createOutboundClient({ allowPrivate: false }),
    access: options.accessCache ?? createAccessCache({ ttlMs: options.accessCacheTtlMs }),
    nlu: options.nlu !== undefined && 'engines' in options.nlu ? options.nlu : createNluRuntime(options.nlu),
    dashboards: options.dashboards ?? true,
    integrations: { ...INTEGRATION_DEFAULTS, ...definedOnly(options.integrations ?? {}) },
    sso: {
      settings: options.sso ?? {},
      oidc: createOidcClients(transactions, options.sso?.allowLoopbackHttp === true),
      transactions,
    },
  };

  installErrorHandler(app);
  installJsonBodyParser(app);
  installRequestTimeouts(app, timeouts);
  // Parsed only where a handler asks for the parts; a file over the limit is cut off, and the handler
  // answers with the §5 message rather than keeping a truncated file.
  void app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxFileBytes, files: UPLOAD_LIMITS.maxFiles, fields: 20, fieldSize: 1024 * 1024 },
  });
  installSecurityHeaders(app, options.apiOrigin);
  installContractRouting(app, isApiPath);
  installAccessCacheInvalidation(app, ctx.access);
  installAuthGuard(app, ctx);
  installAuditLog(app, ctx);
  registerRoutes(app, ctx);
  registerOpenApi(app, allEndpoints, VERSION);
  registerConsole(app, options.staticDir);
  if (options.pipeline) installPipeline(app, ctx, options.pipeline);
  if (options.pipeline) installConnectorJob(app, ctx);
  if (options.pipeline && ctx.dashboards) installDashboardJobs(app, ctx, options.alertsEveryMs);
  installNluSweeper(app, ctx);
  return app;
}

function installPipeline(app: FastifyInstance, ctx: ServerContext, options: PipelineOptions): void {
  let pipeline: Pipeline | undefined;
  app.addHook('onReady', async () => {
    pipeline = startPipeline(
      { db: ctx.db, secrets: ctx.secrets, outbound: ctx.outbound, nlu: ctx.nlu, log: (level, details, message) => app.log[level](details, message) },
      options,
    );
  });
  // At preClose (shutdown.ts), not onClose: runs are given back before the server waits for its open
  // requests, so a slow upload cannot use up the shutdown time (main.ts) while analyses stay claimed.
  ctx.shutdown.onStop(async () => pipeline?.stop());
}

/**
 * Beside the pipeline: rolls the dashboards' closed hours up every few minutes (dashboard/rollup.ts)
 * and evaluates the alerts every minute (alerts/evaluate.ts); each runs once across processes.
 */
function installDashboardJobs(app: FastifyInstance, ctx: ServerContext, alertsEveryMs?: number): void {
  const jobs: PeriodicJob[] = [];
  app.addHook('onReady', async () => {
    jobs.push(startDashboardRollup(ctx.db, (error) => app.log.error({ err: error }, 'rolling the dashboards up failed')));
    jobs.push(startAlertJob(ctx.db, ctx.mailer, (error) => app.log.error({ err: error }, 'evaluating the alerts failed'), alertsEveryMs));
  });
  // Nothing to hand back: a round's changes commit in one transaction, and the mails of a round that
  // has not sent them within the grace are dropped (at most once, as when a process dies: evaluate.ts).
  ctx.shutdown.onStop(async (graceMs) => {
    const ended = await Promise.all(jobs.map((job) => job.stop(graceMs)));
    if (ended.includes(false)) app.log.warn('an alert or rollup round still going on at shutdown was cut short');
  });
}

/** Connector runs, their scheduling and write-backs (integrations/job.ts), beside the pipeline. */
function installConnectorJob(app: FastifyInstance, ctx: ServerContext): void {
  let job: ConnectorJob | undefined;
  app.addHook('onReady', async () => {
    const deps = { db: ctx.db, secrets: ctx.secrets, outbound: ctx.outbound, integrations: ctx.integrations, log: (level: 'info' | 'warn' | 'error', details: Record<string, unknown>, message: string) => app.log[level](details, message) };
    job = startConnectorJob(deps, `${process.pid}:${randomUUID()}`, (error) => app.log.error({ err: error }, 'the connector job failed'));
  });
  ctx.shutdown.onStop(async (graceMs) => job?.stop(graceMs));
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/** Stops NLU servers idle for 5 minutes (§9), in every process: the database says which. */
function installNluSweeper(app: FastifyInstance, ctx: ServerContext): void {
  let stop: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stop = startSweeper(ctx.db, ctx.nlu, (error) => app.log.error({ err: error }, 'stopping idle NLU servers failed'));
  });
  app.addHook('onClose', async () => stop?.());
}
