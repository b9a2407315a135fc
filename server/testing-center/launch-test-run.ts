/**
 * Launching a test: checks the environment (the project's, visible to the caller), the version (the
 * environment's, still valid) and the set (the project's, not empty) or the single message of a run
 * of one (the project's bank), then writes the run with a copy of the configuration, the domain
 * rules, the counted kinds and every message's expected values as they are now, so that later edits
 * change neither a running test nor a finished one's results.
 */
import { randomUUID } from 'node:crypto';
import { and, arrayOverlaps, asc, eq, inArray } from 'drizzle-orm';
import { environmentSettingsSchema } from '../../src/contract/environments';
import { countedKinds, DEFAULT_TESTING_CENTER_PARAMETERS, testingCenterParametersSchema, type TestingCenterParameters } from '../../src/contract/testing-center';
import type { Database } from '../db/open';
import { bankMessages, bankSetMessages, bankSets, environments, environmentVersions, testingCenterParameters } from '../db/schema';
import { testingRunMessages, testingRuns } from '../db/schema-testing-runs';
import { HttpError } from '../http-error';
import { readDomainRules } from './domain-rules';

/** What a run runs on: a bank set, or one bank message (a run of one). */
export type LaunchTarget = { setId: string; messageId?: undefined } | { messageId: string; setId?: undefined };

export type LaunchRequest = LaunchTarget & {
  projectId: string;
  environmentId: string;
  versionId: string | null;
  userId: string | null;
  /** Whether the caller sees private environments (configurator and above). */
  seesPrivate: boolean;
};

export async function readParameters(db: Database, projectId: string): Promise<TestingCenterParameters> {
  const [row] = await db.select({ parameters: testingCenterParameters.parameters }).from(testingCenterParameters).where(eq(testingCenterParameters.projectId, projectId));
  return testingCenterParametersSchema.safeParse(row?.parameters).data ?? DEFAULT_TESTING_CENTER_PARAMETERS;
}

/** The messages of a set in bank order (by tags: carrying one of its tags; by hand: chosen). */
export async function setMessages(db: Database, projectId: string, setId: string) {
  const [set] = await db.select().from(bankSets).where(and(eq(bankSets.id, setId), eq(bankSets.projectId, projectId)));
  if (set === undefined) throw new HttpError(404, { message: 'Set not found', code: 'testSetNotFound' });
  const columns = { id: bankMessages.id, name: bankMessages.name, expected: bankMessages.expected };
  const messages =
    set.kind === 'tags'
      ? await db.select(columns).from(bankMessages).where(and(eq(bankMessages.projectId, projectId), arrayOverlaps(bankMessages.tags, set.tags))).orderBy(asc(bankMessages.createdAt), asc(bankMessages.id))
      : await db
          .select(columns)
          .from(bankMessages)
          .where(and(eq(bankMessages.projectId, projectId), inArray(bankMessages.id, db.select({ id: bankSetMessages.messageId }).from(bankSetMessages).where(eq(bankSetMessages.setId, setId)))))
          .orderBy(asc(bankMessages.createdAt), asc(bankMessages.id));
  return { set, messages };
}

/** A run of one's message, the project's bank's (the same columns as a set's messages). */
async function singleMessage(db: Database, projectId: string, messageId: string) {
  const [message] = await db
    .select({ id: bankMessages.id, name: bankMessages.name, expected: bankMessages.expected })
    .from(bankMessages)
    .where(and(eq(bankMessages.id, messageId), eq(bankMessages.projectId, projectId)));
  if (message === undefined) throw new HttpError(404, { message: 'Message not found', code: 'testMessageNotFound' });
  return message;
}

/** The run's subject columns and its messages: a set's, or the one message's. */
async function targetOf(db: Database, projectId: string, target: LaunchTarget) {
  if (target.messageId !== undefined) {
    const message = await singleMessage(db, projectId, target.messageId);
    return { subject: { setId: null, setName: null, messageId: message.id }, messages: [message] };
  }
  const { set, messages } = await setMessages(db, projectId, target.setId);
  if (messages.length === 0) throw new HttpError(409, { message: 'The set holds no message', code: 'testSetEmpty' });
  return { subject: { setId: set.id, setName: set.name, messageId: null }, messages };
}

export async function launchTestRun(db: Database, request: LaunchRequest): Promise<string> {
  const [environment] = await db
    .select({ id: environments.id, name: environments.name, settings: environments.settings, visibility: environments.visibility })
    .from(environments)
    .where(and(eq(environments.id, request.environmentId), eq(environments.projectId, request.projectId)));
  if (environment === undefined || (environment.visibility === 'private' && !request.seesPrivate)) {
    throw new HttpError(404, { message: 'Environment not found', code: 'testEnvironmentNotFound' });
  }
  let settings: unknown = environment.settings;
  let versionName: string | null = null;
  if (request.versionId !== null) {
    const [version] = await db
      .select({ name: environmentVersions.name, settings: environmentVersions.settings })
      .from(environmentVersions)
      .where(and(eq(environmentVersions.id, request.versionId), eq(environmentVersions.environmentId, environment.id)));
    if (version === undefined) throw new HttpError(404, { message: 'Version not found', code: 'testVersionNotFound' });
    const parsed = environmentSettingsSchema.safeParse(version.settings);
    if (!parsed.success) throw new HttpError(409, { message: 'This version no longer passes the configuration rules', code: 'testVersionOutdated' });
    settings = parsed.data;
    versionName = version.name;
  }
  const { subject, messages } = await targetOf(db, request.projectId, request);
  const rules = await readDomainRules(db, request.projectId);
  const kinds = countedKinds(await readParameters(db, request.projectId));
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(testingRuns).values({
      id,
      projectId: request.projectId,
      environmentId: environment.id,
      environmentName: environment.name,
      ...subject,
      versionId: request.versionId,
      versionName,
      settings,
      status: 'queued',
      total: messages.length,
      kinds,
      rulesV1: rules.v1,
      rulesV2: rules.v2,
      createdBy: request.userId,
    });
    // In chunks: a set of 10,000 messages is one statement per 500 rows.
    for (let start = 0; start < messages.length; start += 500) {
      await tx.insert(testingRunMessages).values(
        messages.slice(start, start + 500).map((message, index) => ({ runId: id, messageId: message.id, position: start + index, name: message.name, expected: message.expected })),
      );
    }
  });
  return id;
}
