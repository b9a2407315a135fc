/**
 * Every `code` an error answer of the server may carry, each with the translation key its text is
 * read from (spec §1/§8, brief "one language per user"). The console shows that text, in the user's
 * language, never the server's sentence; the server writes the same text into `message` in the
 * language the caller's Accept-Language asks (French by default), for programs.
 *
 * Areas keep their codes as data in error-code-lists.ts (re-exported beside their endpoints) and their
 * texts in their own namespace; this list only says where each group's texts live. A code named by two groups reads the
 * first. `error-codes.test.ts` fails for a code without both translations.
 */
import {
  ALERT_ERROR_CODES,
  ANALYSIS_ERROR_CODES,
  CATEGORIZATION_ERROR_CODES,
  CONFIGURATION_DOCUMENT_ERROR_CODES,
  CONNECTOR_ERROR_CODES,
  DASHBOARD_ERROR_CODES,
  EXTRACTION_ERROR_CODES,
  INPUT_ERROR_CODES,
  METADATA_PROBLEM_CODES,
  NLU_ERROR_CODES,
  OCR_DATA_EXTRACTION_ERROR_CODES,
  OUTPUT_ERROR_CODES,
  REPLY_TEMPLATE_ERROR_CODES,
  SELF_SERVICE_ERROR_CODES,
  SELF_WEBMAIL_ERROR_CODES,
  SRE_ANALYSES_ERROR_CODES,
  SRE_ERROR_CODES,
  SSO_ERROR_CODES,
  TESTING_CENTER_BANK_ERROR_CODES,
  TESTING_RUN_ERROR_CODES,
  TEST_RUN_MESSAGE_ERROR_CODES,
  TOOLBOX_ERROR_CODES,
  WEBHOOK_ERROR_CODES,
  WIZARD_ERROR_CODES,
} from './error-code-lists';

/** Sign-in answers, beside the single sign-on ones (texts in `auth:errors`). */
const SIGN_IN_ERROR_CODES = ['wrongUsername', 'wrongPassword', 'tooManyAttempts', ...SSO_ERROR_CODES] as const;

/** Codes of no single area: access, accounts, environments, versions, uploads, the language model. */
export const GENERAL_ERROR_CODES = [
  'internalError',
  'forbidden',
  'guestOnlyGivenProjects',
  'organisationAdminOnly',
  'providerStaffNotInCustomer',
  'providerStaffOnly',
  'lightUserRefused',
  'ghostSupportOnly',
  'ghostUnknownUser',
  'ghostProviderStaff',
  'ghostPasswordChange',
  'invalidToken',
  'unauthenticated',
  'sessionEnded',
  'accessKeyRequired',
  'unknownAccessKey',
  'notFound',
  'organisationNotFound',
  'projectNotFound',
  'environmentNotFound',
  'memberNotFound',
  'fileNotFound',
  'accessKeyNotFound',
  'webhookNotFound',
  'unknownModules',
  'invalidExport',
  'unknownProject',
  'environmentNameTaken',
  'priorityEnvironments',
  'exportFormat',
  'exportVersion',
  'versionNameTaken',
  'versionNotFound',
  'versionOutdated',
  'invalidLink',
  'invalidPassword',
  'invalidRefreshToken',
  'passwordExpired',
  'passwordsDiffer',
  'wrongCurrentPassword',
  'foreignRecoveryUrl',
  'invalidRecoveryUrl',
  'invitationAnswered',
  'invitationNotFound',
  'lastAdmin',
  'removeSelf',
  'userExists',
  'invalidTimeZone',
  'invalidUpload',
  'extractorNotEnabled',
  'llmNotConfigured',
  'llmTimeout',
  'llmRateLimited',
  'llmRefused',
  'llmHttpError',
  'llmMalformed',
  'llmUnreachable',
  // A test endpoint's or the configuration check's worker task stopped at its deadline or memory cap (params `context`: timeout/memory).
  'testStopped',
] as const;

/** Where each group's texts live: `<namespace>:<key prefix>`, then `.<code>`. */
export const ERROR_CODE_GROUPS = [
  { texts: 'errors:input', codes: INPUT_ERROR_CODES },
  { texts: 'errors:server', codes: GENERAL_ERROR_CODES },
  { texts: 'auth:errors', codes: SIGN_IN_ERROR_CODES },
  { texts: 'analyses:upload.metadataProblems', codes: METADATA_PROBLEM_CODES },
  { texts: 'analyses:errors', codes: ANALYSIS_ERROR_CODES },
  { texts: 'nlu:errors', codes: NLU_ERROR_CODES },
  { texts: 'categorization:errors', codes: CATEGORIZATION_ERROR_CODES },
  { texts: 'extraction:errors', codes: EXTRACTION_ERROR_CODES },
  { texts: 'ocrRules:errors', codes: OCR_DATA_EXTRACTION_ERROR_CODES },
  { texts: 'output:errors', codes: OUTPUT_ERROR_CODES },
  { texts: 'replies:errors', codes: REPLY_TEMPLATE_ERROR_CODES },
  { texts: 'dashboard:errors', codes: DASHBOARD_ERROR_CODES },
  { texts: 'dashboard:alerts.errors', codes: ALERT_ERROR_CODES },
  { texts: 'sre:errors', codes: [...SRE_ERROR_CODES, ...SRE_ANALYSES_ERROR_CODES] },
  { texts: 'environments:webhooks.errors', codes: WEBHOOK_ERROR_CODES },
  { texts: 'wizard:errors', codes: WIZARD_ERROR_CODES },
  { texts: 'toolbox:errors', codes: TOOLBOX_ERROR_CODES },
  { texts: 'integrations:errors', codes: CONNECTOR_ERROR_CODES },
  { texts: 'testingCenter:errors', codes: TESTING_CENTER_BANK_ERROR_CODES },
  { texts: 'testRuns:errors', codes: TESTING_RUN_ERROR_CODES },
  { texts: 'testRuns:runErrors', codes: TEST_RUN_MESSAGE_ERROR_CODES },
  { texts: 'configurationIde:errors', codes: CONFIGURATION_DOCUMENT_ERROR_CODES },
  { texts: 'selfService:errors', codes: SELF_SERVICE_ERROR_CODES },
  { texts: 'selfWebmail:errors', codes: SELF_WEBMAIL_ERROR_CODES },
] as const;

export type ServerErrorCode = (typeof ERROR_CODE_GROUPS)[number]['codes'][number];

const KEYS = new Map<string, string>();
for (const group of ERROR_CODE_GROUPS) for (const code of group.codes) if (!KEYS.has(code)) KEYS.set(code, `${group.texts}.${code}`);

/** Every code, once. */
export const SERVER_ERROR_CODES: readonly ServerErrorCode[] = [...KEYS.keys()] as ServerErrorCode[];

/** The translation key of a code's text; undefined for a code this console does not know. */
export function errorTextKey(code: string): string | undefined {
  return KEYS.get(code);
}
