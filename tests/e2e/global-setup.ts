/**
 * Starts the real server and Chromium once for every end-to-end file; they reach them through
 * `inject('baseUrl')` and `inject('browserEndpoint')`.
 */
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, chromiumLaunchOptions } from './support/browser';
import { startServerProcess } from '../../scripts/server-process';
import { GMAIL_TEST_CLIENT, startGmailTestServer } from '../../server/test-support/gmail-server';
import { startLlmTestServer } from '../../server/test-support/llm-server';
import { startJiraTestServer } from '../../server/test-support/jira-server';
import { openSeededPglite, writePgliteFolder } from '../../server/test-support/pglite-snapshots';
import { startM365TestServer } from '../../server/test-support/m365-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data folder; mails land in its outbox/ (no SMTP in tests). */
    dataDir: string;
    /** The local OpenAI-compatible server the platform's LLM modules talk to; tests queue its answers. */
    llmUrl: string;
    /** The local Google OAuth + Gmail server the webmail connector talks to (tests/e2e/integrations.e2e.ts). */
    gmailUrl: string;
    /** The local Microsoft identity + Graph server of the Microsoft 365 connector (tests/e2e/integrations-m365.e2e.ts). */
    m365Url: string;
    /** The local Atlassian OAuth + Jira Cloud server of the issue-tracker connector (tests/e2e/integrations-jira.e2e.ts). */
    jiraUrl: string;
    /** The run's one Chromium, which each file connects to (support/browser.ts `launchBrowser`). */
    browserEndpoint: string;
  }
}

/** What the run's files are given, and how to stop it all. */
interface Run {
  provided: Pick<ProvidedContext, 'baseUrl' | 'dataDir' | 'llmUrl' | 'gmailUrl' | 'm365Url' | 'jiraUrl' | 'browserEndpoint'>;
  close: () => Promise<void>;
}

/**
 * vitest calls a global setup once per project, and once more for the root configuration the
 * projects extend (vitest.e2e.config.ts): three servers, three Chromiums and three seeded databases
 * where one serves every file (the 'alone' files run after the others, on the same server). The run
 * is started by the first call and stopped by the last teardown. Kept on `globalThis`: each project
 * may load this module anew.
 */
const RUN = Symbol.for('postroom.e2e.run');
type Holder = { [RUN]?: { run: Promise<Run>; users: number } };

export default async function setup(project: TestProject) {
  const holder = globalThis as Holder;
  const shared = (holder[RUN] ??= { run: startRun(), users: 0 });
  shared.users++;
  const { provided, close } = await shared.run;
  for (const [key, value] of Object.entries(provided)) project.provide(key as keyof Run['provided'], value);
  return async () => {
    shared.users--;
    if (shared.users > 0) return;
    delete holder[RUN];
    await close();
  };
}

async function startRun(): Promise<Run> {
  // The third party the vision engine calls, replaced by its protocol on a loopback port: answers
  // are queued by the tests through its control routes (tests/e2e/support/llm.ts).
  const llm = await startLlmTestServer();
  // Google's OAuth pages and the Gmail API, the same way: mailboxes are filled through its control routes.
  const gmail = await startGmailTestServer();
  const m365 = await startM365TestServer();
  const jira = await startJiraTestServer();
  const server = await startServerProcess({
    logs: true,
    // The run's seeded snapshot (server/test-support/pglite-snapshots.ts), not a database of its own:
    // no initdb, migrations and seed at start, and the demo users' cheap hashes sign each of the
    // suite's few hundred sign-ins in without a quarter of a second of scrypt.
    writeDatabase: async (pgliteDir) => {
      const seeded = await openSeededPglite();
      try {
        await writePgliteFolder(seeded, pgliteDir);
      } finally {
        await seeded.close();
      }
    },
    env: {
      POSTROOM_LLM_BASE_URL: llm.url,
      POSTROOM_LLM_MODEL: 'vision-e2e-model',
      POSTROOM_LLM_TIMEOUT_MS: '20000',
      POSTROOM_GOOGLE_OAUTH_AUTHORIZE_URL: `${gmail.url}/o/oauth2/v2/auth`,
      POSTROOM_GOOGLE_OAUTH_TOKEN_URL: `${gmail.url}/token`,
      POSTROOM_GMAIL_API_URL: gmail.url,
      POSTROOM_GMAIL_CLIENT_ID: GMAIL_TEST_CLIENT.clientId,
      POSTROOM_GMAIL_CLIENT_SECRET: GMAIL_TEST_CLIENT.clientSecret,
      POSTROOM_M365_LOGIN_URL: m365.url,
      POSTROOM_GRAPH_API_URL: m365.url,
      POSTROOM_ATLASSIAN_AUTHORIZE_URL: `${jira.url}/authorize`,
      POSTROOM_ATLASSIAN_TOKEN_URL: `${jira.url}/oauth/token`,
      POSTROOM_ATLASSIAN_API_URL: jira.url,
      POSTROOM_CONNECTOR_POLL_MS: '500',
      // Warnings and errors only: a line for each of the stage's twenty-odd thousand requests made
      // up nearly all of CI's log.
      LOG_LEVEL: 'warn',
    },
  });
  const browserOptions = chromiumLaunchOptions();
  console.log(`[e2e] browser: ${CHROMIUM_PATH} (nice +10: support/chromium-below-server.sh)`);
  const chromiumServer = await chromium.launchServer(browserOptions);
  const provided = {
    browserEndpoint: chromiumServer.wsEndpoint(),
    baseUrl: server.url,
    dataDir: server.dataDir,
    llmUrl: llm.url,
    gmailUrl: gmail.url,
    m365Url: m365.url,
    jiraUrl: jira.url,
  };
  const close = async () => {
    await chromiumServer.close();
    await server.stop();
    await llm.close();
    await gmail.close();
    await m365.close();
    await jira.close();
  };
  return { provided, close };
}
