/** Settings read from the environment once at start (documented in docs/operations/environment.md). */
import type { IntegrationSettings } from './integrations/settings';
import { resolve } from 'node:path';
import { z } from 'zod';
import { GOOGLE_ISSUER, type SsoSettings } from './sso/settings';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Loopback unless told otherwise: exposing the server is a deliberate choice.
  HOST: z.string().min(1).default('127.0.0.1'),
  POSTROOM_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//i, 'must be a postgres:// URL').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  POSTROOM_SEED: z.enum(['true', 'false']).default('true'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//i, 'must be an smtp:// or smtps:// URL').optional(),
  // Where people reach the console; mailed links are built on it (never on request headers).
  POSTROOM_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  POSTROOM_CONSOLE_ORIGINS: z.string().optional(),
  VITE_API_BASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  POSTROOM_GOOGLE_ISSUER: z.url().default(GOOGLE_ISSUER),
  POSTROOM_GOOGLE_CLIENT_ID: z.string().optional(),
  POSTROOM_GOOGLE_CLIENT_SECRET: z.string().optional(),
  POSTROOM_SIGNUP_ORGANISATION: z.string().optional(),
  POSTROOM_SSO_ALLOW_LOOPBACK_HTTP: z.enum(['true', 'false']).default('false'),
  // Analyses pipeline (docs/development/pipeline.md): 0 workers leaves analyses to other processes.
  /** §8 'Dashboards are not available on this deployment' when false. */
  POSTROOM_GOOGLE_OAUTH_AUTHORIZE_URL: z.url().optional(),
  POSTROOM_GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
  POSTROOM_GMAIL_API_URL: z.url().optional(),
  POSTROOM_GMAIL_CLIENT_ID: z.string().optional(),
  POSTROOM_M365_LOGIN_URL: z.url().optional(),
  POSTROOM_GRAPH_API_URL: z.url().optional(),
  POSTROOM_GMAIL_CLIENT_SECRET: z.string().optional(),
  POSTROOM_ATLASSIAN_AUTHORIZE_URL: z.url().optional(),
  POSTROOM_ATLASSIAN_TOKEN_URL: z.url().optional(),
  POSTROOM_ATLASSIAN_API_URL: z.url().optional(),
  POSTROOM_CONNECTOR_INTERVAL_MS: z.coerce.number().int().min(1000).optional(),
  POSTROOM_CONNECTOR_POLL_MS: z.coerce.number().int().min(100).optional(),
  POSTROOM_DASHBOARDS: z.enum(['true', 'false']).default('true'),
  /** How often each process evaluates the alerts (one minute); tests race processes with less. */
  POSTROOM_ALERTS_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  POSTROOM_PIPELINE_WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  POSTROOM_PIPELINE_POLL_MS: z.coerce.number().int().min(10).optional(),
  POSTROOM_PIPELINE_LEASE_MS: z.coerce.number().int().min(100).optional(),
  // Fair queue: runs of one organisation at once, across every process sharing the database.
  POSTROOM_MAX_RUNS_PER_ORGANISATION: z.coerce.number().int().min(1).max(1000).optional(),
  /**
   * On shutdown, how long work in progress (analyses, test runs, connector and alert rounds) and open
   * requests have to end before the work is handed back and the connections closed (5 s; server/shutdown.ts).
   */
  POSTROOM_PIPELINE_STOP_GRACE_MS: z.coerce.number().int().min(0).max(8_000).default(5_000),
  POSTROOM_WEBHOOK_ATTEMPTS: z.coerce.number().int().min(1).max(20).optional(),
  POSTROOM_WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(0).optional(),
  // Webhooks (and every other request to a user's URL) may reach loopback and private networks:
  // for tests and local demos only (docs/operations/security.md).
  POSTROOM_WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  // NLU servers (docs/guide/use-case-nlu.md): how long a start takes, and how long unused before they stop (§9: 5 min).
  POSTROOM_NLU_STARTUP_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  POSTROOM_NLU_IDLE_MS: z.coerce.number().int().min(1000).optional(),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seed: boolean;
  /** POSTROOM_DASHBOARDS: false turns the dashboards off (§8). */
  dashboards: boolean;
  /** POSTROOM_ALERTS_EVERY_MS: the alert job's period in each process. */
  alertsEveryMs: number;
  logLevel: string;
  smtpUrl: string | undefined;
  /** Unset: the listening address (server/mail/public-links.ts). */
  publicUrl: string | undefined;
  consoleOrigins: string[];
  apiOrigin: string | undefined;
  sso: SsoSettings;
  /** Requests to user-chosen URLs (server/outbound). */
  outbound: { allowPrivate: boolean };
  pipeline: {
    workers: number;
    pollMs?: number;
    leaseMs?: number;
    maxRunsPerOrganisation?: number;
    deliveryAttempts?: number;
    deliveryBackoffMs?: number;
    stopGraceMs?: number;
  };
  nlu: { startupMs?: number; idleMs?: number };
  /** Connectors (server/integrations/settings.ts); unset values take the defaults there. */
  integrations: Partial<IntegrationSettings>;
}

export function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  // Empty variables count as unset, as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.POSTROOM_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    seed: e.POSTROOM_SEED === 'true',
    dashboards: e.POSTROOM_DASHBOARDS === 'true',
    alertsEveryMs: e.POSTROOM_ALERTS_EVERY_MS,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    publicUrl: e.POSTROOM_PUBLIC_URL,
    consoleOrigins: (e.POSTROOM_CONSOLE_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== '')
      .map((origin) => new URL(origin).origin),
    apiOrigin: e.VITE_API_BASE_URL === undefined ? undefined : new URL(e.VITE_API_BASE_URL).origin,
    outbound: { allowPrivate: e.POSTROOM_WEBHOOK_ALLOW_PRIVATE === 'true' },
    pipeline: {
      workers: e.POSTROOM_PIPELINE_WORKERS,
      pollMs: e.POSTROOM_PIPELINE_POLL_MS,
      leaseMs: e.POSTROOM_PIPELINE_LEASE_MS,
      maxRunsPerOrganisation: e.POSTROOM_MAX_RUNS_PER_ORGANISATION,
      stopGraceMs: e.POSTROOM_PIPELINE_STOP_GRACE_MS,
      deliveryAttempts: e.POSTROOM_WEBHOOK_ATTEMPTS,
      deliveryBackoffMs: e.POSTROOM_WEBHOOK_BACKOFF_MS,
    },
    nlu: { startupMs: e.POSTROOM_NLU_STARTUP_MS, idleMs: e.POSTROOM_NLU_IDLE_MS },
    integrations: {
      googleAuthorizeUrl: e.POSTROOM_GOOGLE_OAUTH_AUTHORIZE_URL,
      googleTokenUrl: e.POSTROOM_GOOGLE_OAUTH_TOKEN_URL,
      gmailApiUrl: e.POSTROOM_GMAIL_API_URL?.replace(/\/+$/, ''),
      m365LoginUrl: e.POSTROOM_M365_LOGIN_URL?.replace(/\/+$/, ''),
      graphApiUrl: e.POSTROOM_GRAPH_API_URL?.replace(/\/+$/, ''),
      platformClientId: e.POSTROOM_GMAIL_CLIENT_ID,
      platformClientSecret: e.POSTROOM_GMAIL_CLIENT_SECRET,
      atlassianAuthorizeUrl: e.POSTROOM_ATLASSIAN_AUTHORIZE_URL,
      atlassianTokenUrl: e.POSTROOM_ATLASSIAN_TOKEN_URL,
      atlassianApiUrl: e.POSTROOM_ATLASSIAN_API_URL?.replace(/\/+$/, ''),
      runEveryMs: e.POSTROOM_CONNECTOR_INTERVAL_MS,
      pollMs: e.POSTROOM_CONNECTOR_POLL_MS,
    },
    sso: {
      // Google is on only with both halves of its credentials.
      ...(e.POSTROOM_GOOGLE_CLIENT_ID !== undefined && e.POSTROOM_GOOGLE_CLIENT_SECRET !== undefined
        ? {
            google: {
              issuer: e.POSTROOM_GOOGLE_ISSUER,
              clientId: e.POSTROOM_GOOGLE_CLIENT_ID,
              clientSecret: e.POSTROOM_GOOGLE_CLIENT_SECRET,
            },
          }
        : {}),
      ...(e.POSTROOM_SIGNUP_ORGANISATION !== undefined ? { signupOrganisationId: e.POSTROOM_SIGNUP_ORGANISATION } : {}),
      allowLoopbackHttp: e.POSTROOM_SSO_ALLOW_LOOPBACK_HTTP === 'true',
    },
  };
}
