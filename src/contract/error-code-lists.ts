/**
 * Every area's error codes, as data: the console translates a server answer's `code` through this
 * list (error-codes.ts) without loading the areas' contracts and their schemas (zod, ~60 KB of gzip
 * JavaScript the login page does not need). Each area's contract re-exports its own list beside its
 * endpoints, so servers and screens import it from there as before.
 */
import { REPLY_TEMPLATE_PROBLEM_CODES } from '../replies/checks';

// access-keys.ts
/**
 * Error codes (`code` of a 4xx body) of webhooks.create and webhooks.update, translated by the
 * console. webhookTargetRefused (400): the URL's host is, or resolves to, an address the server does
 * not post to (loopback, private, link-local, cloud metadata…) unless the operator allows private
 * targets; the message does not say what was found there.
 */
export const WEBHOOK_ERROR_CODES = ['webhookTargetRefused'] as const;

// alerts.ts
/** 409 alertEnabled: an enabled alert cannot be edited (§4); 404 alertNotFound. */
export const ALERT_ERROR_CODES = ['alertEnabled', 'alertNotFound'] as const;

// analyses.ts
/** §8 analysis messages, by the `code` the server answers with. */
export const ANALYSIS_ERROR_CODES = [
  'analysisNotFound',
  'analysisAnonymized',
  'alreadyProcessing',
  'alreadyFinished',
  'notAwaitingFinalStatus',
  'exchangeLabelsRequired',
  'uploadRejected',
  'analysisTooLarge',
  'invalidCategoryFilter',
] as const;

// categorization.ts
/**
 * Codes of the errors these endpoints answer with (besides the input and access ones):
 * - configurationInvalid (422): `messages` holds the blocking messages;
 * - moduleNotFound (404) `{ moduleId }`; wrongModuleType (409) `{ moduleId, type }`;
 * - categorizationNotActivated (409): the test found no active categorization module;
 * - analysisNotFound (404): the test's `analysisId` is not an analysis of the environment;
 * - analysisAnonymized (409): its text is gone;
 * - testTextMissing (400): neither `text` nor `analysisId`;
 * - categorizationLegacyProject (409): saving a categorization configuration in an environment of a
 *   legacy IC project (§2.4 "not configurable on the legacy variant"); reading it is allowed.
 * The NLU codes `aiStarting` (503) and `noServer` (409) come from the NLU run of the test.
 */
export const CATEGORIZATION_ERROR_CODES = [
  'configurationInvalid',
  'moduleNotFound',
  'wrongModuleType',
  'categorizationNotActivated',
  'testTextMissing',
  'categorizationLegacyProject',
] as const;

// configuration-document.ts
/**
 * Codes of the errors of these endpoints (besides the input and access ones):
 * - configurationSyntax (400): the text is not YAML; `params: { line, message }`, `problems`;
 * - configurationAlias (400): a YAML alias (`*name`), which a configuration never needs; `params: { line }`;
 * - configurationDuplicateKey (400): a key written twice in one map; `params: { line }`;
 * - configurationTooLarge (400): more than CONFIGURATION_DOCUMENT_MAX_CHARS characters (`limit`), refused unread;
 * - configurationSchema (400): YAML that is not a configuration; `params: { line, message }`, `problems`;
 * - configurationInvalid (422): blocking configuration messages; `problems`;
 * - configurationNluItem (400): an NLU item the import refused; `params: { at, item, …itemParams }` (`item`: an
 *   `NLU_IMPORT_ITEM_CODES` code, nlu-transfer.ts, with its parameters);
 * - configurationUnchanged (409): nothing to save;
 * - versionNameTaken (409): the version name is already used.
 */
export const CONFIGURATION_DOCUMENT_ERROR_CODES = [
  'configurationSyntax',
  'configurationAlias',
  'configurationDuplicateKey',
  'configurationTooLarge',
  'configurationSchema',
  'configurationInvalid',
  'configurationNluItem',
  'configurationUnchanged',
  'versionNameTaken',
] as const;

// creation-wizard.ts
/**
 * Error codes (namespace `wizard`, key `errors.<code>`):
 * - wizardNeedsContext: the environment has no NLU context (§5 "requires at least one context");
 * - wizardNameTaken `{ kind, name }`: an archetype, interaction (in the context), function or
 *   category (in the module) of that name exists (§5 "warns on duplicate names");
 * - wizardContextNotFound, wizardModuleNotFound: the context or categorization module chosen is gone.
 * A categorization save's own refusals (`configurationInvalid`, 422) pass through unchanged.
 */
export const WIZARD_ERROR_CODES = ['wizardNeedsContext', 'wizardNameTaken', 'wizardContextNotFound', 'wizardModuleNotFound'] as const;

// dashboard.ts
/** 503 when the operator turned dashboards off (POSTROOM_DASHBOARDS=false). */
export const DASHBOARD_ERROR_CODES = ['dashboardsDisabled', 'invalidDashboardRange'] as const;

// define.ts
/**
 * Codes of the answers any endpoint may give to bad input (server/error-handler.ts and
 * routes/register.ts); the console translates them (errors:input.<code>).
 * - invalidRequest: the path, query or body does not match the contract (`issues` say where);
 * - invalidText: a NUL character somewhere in the input (`location`, `path`);
 * - invalidJson: a JSON body that does not parse;
 * - bodyTooLarge: more bytes than the endpoint reads (`limit`), answered 413;
 * - unsupportedContentType: a body the endpoint does not read (415);
 * - requestTimeout: the body did not arrive in time (408).
 */
export const INPUT_ERROR_CODES = [
  'invalidRequest',
  'invalidText',
  'invalidJson',
  'bodyTooLarge',
  'unsupportedContentType',
  'requestTimeout',
] as const;

// integrations.ts
/**
 * 404 connectorNotFound; 409 connectorNotAuthorized (enabling before authorization, §4); 400
 * startDateTooOld (§5), unknownMappingTarget, invalidPeriod, missingSecret, targetRefused (the
 * server could not be reached: refused by the outbound guard, unknown name, closed port, timeout —
 * one answer without detail, so a tenant cannot probe the network; the cause is in the server log);
 * 400 invalidOAuthState;
 * 502 authorizationFailed (with `providerCode`), reauthorize (§8 webmail misconfigured),
 * healthCheckFailed (§8, with `detail`); 400 requiredFieldUnmapped (a required custom field no output
 * mapping writes to, with `target`); requiredFieldMissing is stored on a message whose analysis gave
 * no value to a required custom field (nothing is written back for it); 409 deleteTagMissing (§8: a
 * workflow-automation connector is deleted only once its workflows carry the Delete tag); 502
 * n8nUnreachable / n8nKeyRefused (deleting an n8n connector whose instance could not be reached or
 * refused the key: the workflow could not be deleted, `deleteConnectorKeepingWorkflow` deletes the
 * connector anyway).
 */
export const CONNECTOR_ERROR_CODES = [
  'connectorNotFound',
  'connectorNotAuthorized',
  'startDateTooOld',
  'unknownMappingTarget',
  'invalidPeriod',
  'missingSecret',
  'targetRefused',
  'invalidOAuthState',
  'authorizationFailed',
  'reauthorize',
  'healthCheckFailed',
  'requiredFieldUnmapped',
  'requiredFieldMissing',
  'deleteTagMissing',
  'n8nUnreachable',
  'n8nKeyRefused',
  'notCertificateConnector',
  'consolidationMissing',
  // A self-service use case's monthly quota is used: the run stops; `detail` is the renewal date.
  'quotaReached',
] as const;

// extraction.ts
/**
 * Error codes of these endpoints (besides the input and access ones):
 * - extractionConfigurationInvalid (422): `messages` holds the blocking messages;
 * - extractionModuleNotFound (404) `{ moduleId }`: no extraction module of that id in the environment;
 * - analysisNotFound (404) / analysisAnonymized (409): a test's analysis is gone or has no text left.
 */
export const EXTRACTION_ERROR_CODES = ['extractionConfigurationInvalid', 'extractionModuleNotFound'] as const;

// nlu-entities.ts
/** Stable codes of the NLU endpoints' errors (the console translates them: i18n namespace `nlu`). */
export const NLU_ERROR_CODES = [
  'nluNameTaken',
  'nluNotFound',
  /** §8 "AI starting up (wait)": the server is starting; try again in a moment. */
  'aiStarting',
  /** The environment has no NLU server (or not the one named). */
  'noServer',
  /** §8 "no server linked": the context is never included in NLU analyses. */
  'noServerLinked',
  'nluImportFormat',
  'nluImportVersion',
  'nluImportItem',
  /** 422 `{ bound, limit, found, at }`: an import over one of NLU_IMPORT_LIMITS, refused whole. */
  'nluImportTooLarge',
] as const;

// ocr-data-extraction.ts
/**
 * Codes of the errors of the settings endpoints: ocrRulesInvalid (422, `problems`: the rules
 * refused, see `OCR_RULE_PROBLEM_CODES`); moduleNotFound (404) `{ moduleId }`; wrongModuleType (409)
 * `{ moduleId, type }`. The test endpoint adds ocrDataExtractionNotEnabled (409), ocrFileUnsupported
 * and ocrFileUnreadable (400), and ocrRulesInvalid (422) when the saved rules (written by an import,
 * which is not checked) have problems.
 */
export const OCR_DATA_EXTRACTION_ERROR_CODES = ['ocrRulesInvalid', 'moduleNotFound', 'wrongModuleType', 'ocrDataExtractionNotEnabled', 'ocrFileUnsupported', 'ocrFileUnreadable'] as const;

// output.ts
/**
 * Codes of the errors these endpoints answer with (besides the input and access ones):
 * - moduleNotFound (404) `{ moduleId }`, wrongModuleType (409) `{ moduleId, type }`: as categorization's;
 * - analysisNotFound (404), analysisAnonymized (409): the preview's analysis (analyses.ts codes);
 * - analysisNotFinished (409): the analysis has no module results yet (waiting or running).
 */
export const OUTPUT_ERROR_CODES = ['moduleNotFound', 'wrongModuleType', 'analysisNotFinished'] as const;

// reply-templates.ts
export const REPLY_TEMPLATE_ERROR_CODES = [...REPLY_TEMPLATE_PROBLEM_CODES, 'templateSyntaxError'] as const;

// self-service.ts
export const SELF_SERVICE_ERROR_CODES = ['selfServiceLightUsersOnly', 'selfServiceNoOrganisation', 'selfServiceQuotaReached'] as const;

// self-service-webmail.ts
/**
 * 409 selfWebmailUnavailable: the operator gave no platform Google client; 404 selfWebmailNotConnected:
 * no mailbox connected to this use case; 409 selfWebmailNotAuthorized: activating or checking before
 * Google's authorization came back. Google's own refusals keep the integrations codes
 * (authorizationFailed, invalidOAuthState, reauthorize).
 */
export const SELF_WEBMAIL_ERROR_CODES = ['selfWebmailUnavailable', 'selfWebmailNotConnected', 'selfWebmailNotAuthorized'] as const;

// sre.ts
export const SRE_ERROR_CODES = ['invalidCounterPeriod'] as const;

// sre-analyses.ts
export const SRE_ANALYSES_ERROR_CODES = ['reprocessTooMany', 'reprocessBatchNotFound'] as const;

// sso.ts
export const SSO_ERROR_CODES = [
  'ssoProviderUnknown',
  'ssoTransactionInvalid',
  'ssoRejected',
  'ssoProviderUnavailable',
  'ssoNoAccount',
  'ssoEmailUnverified',
  'ssoSignupClosed',
  'ssoAccountExists',
  // The email is another account's username: that account must be renamed first.
  'usernameEmailClash',
  // A first identity provider is saved without its client secret (the secret is write-only).
  'ssoSecretRequired',
  // The issuer can never be used: not a URL, or not https (plain http only to a loopback test provider).
  'ssoIssuerNotUrl',
  'ssoIssuerNotHttps',
] as const;

// testing-center.ts
/** Error codes of the bank's endpoints (beside the input and access ones). */
export const TESTING_CENTER_BANK_ERROR_CODES = [
  'messageNotFound',
  'setNotFound',
  'setNameTaken',
  'analysisNotFound',
  'analysisAnonymized',
  'analysisWithoutFiles',
  'fileNotFound',
  'tooManyTags',
  'uploadRejected',
] as const;

// testing-runs.ts
export const TESTING_RUN_ERROR_CODES = [
  'testNotFound',
  'testSetNotFound',
  'testSetEmpty',
  'testMessageNotFound',
  'testEnvironmentNotFound',
  'testVersionNotFound',
  'testVersionOutdated',
  'domainRulesInvalid',
  'testReplayTooLarge',
] as const;

/**
 * Why a message (or a whole run) ended in error or timeout, stored as a code and its parameters and
 * translated by the console (texts `testRuns:runErrors.<code>`):
 * - testMessageDeleted: the message left the bank before it ran;
 * - testMessageNoFile: the message has no file to analyse;
 * - testMessageTimeout `{ timeoutMs }`: no result within the per-message deadline;
 * - testMessageFailed `{ detail }`: a module failed (`detail`: a stored pipeline message, keys + parameters);
 * - testRunFailed `{ detail }`: the run itself could not go on (database error…): `detail` is a stored
 *   pipeline message holding its failure reason (src/contract/failure-reasons.ts); older rows hold English.
 */
export const TEST_RUN_MESSAGE_ERROR_CODES = ['testMessageDeleted', 'testMessageNoFile', 'testMessageTimeout', 'testMessageFailed', 'testRunFailed'] as const;

// toolbox.ts
/**
 * Error codes (params):
 * - toolboxNotFound `{ what }`: no such kit or component in this organisation;
 * - toolboxEditForbidden: the caller may read the toolbox but not change it;
 * - toolboxPublishForbidden: only provider staff publish kits to every organisation;
 * - toolboxKitCycle `{ kit }`: a kit would contain itself through its child kits;
 * - toolboxNameTaken `{ name }`: a kit of that name exists / a component of that type and name is in the kit;
 * - toolboxKitSynced `{ count }`: a kit synced to environments cannot be deleted;
 * - toolboxEntityNotFound `{ type, name }`: save to toolbox of an entity the environment does not have;
 * - toolboxConflictUnresolved `{ names }`: a sync left conflicts without a choice;
 * - toolboxNotSynced: unsync of a kit the environment is not synced to;
 * - toolboxEntityInUse `{ entity, usedBy }`: unsync deleting an entity the environment's rules still use.
 */
export const TOOLBOX_ERROR_CODES = [
  'toolboxNotFound',
  'toolboxEditForbidden',
  'toolboxPublishForbidden',
  'toolboxKitCycle',
  'toolboxNameTaken',
  'toolboxKitSynced',
  'toolboxEntityNotFound',
  'toolboxConflictUnresolved',
  'toolboxNotSynced',
  'toolboxEntityInUse',
] as const;

/** Upload metadata problems (uploads.ts `MetadataProblem`; its messages are checked against this list there). */
export const METADATA_PROBLEM_CODES = ['metadataNotObject', 'metadataValueNotPlain', 'metadataTooManyKeys', 'metadataKeyTooLong', 'metadataTooLarge'] as const;
