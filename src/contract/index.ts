/**
 * Every declared endpoint, in one list: the server registers and documents (OpenAPI) from it and
 * its tests check that each one is implemented. Add a new area's declarations here.
 */
import type { Endpoint } from './define';
import { testingRunEndpoints } from './testing-runs';
import { currentUser, loginCheck, logout, refreshSession } from './auth';
import { changePassword, forgotPasswordCheck, forgotPasswordReset, forgotPasswordSend } from './passwords';
import {
  deleteIdentityProvider,
  getIdentityProvider,
  oidcAuthUrl,
  oidcLogin,
  putIdentityProvider,
  socialLogin,
  socialLoginUrl,
  socialProviders,
  socialSignup,
} from './sso';
import {
  createEnvironment,
  deleteEnvironment,
  exportEnvironment,
  getEnvironment,
  getEnvironmentSettings,
  importEnvironment,
  listEnvironments,
  updateEnvironmentSettings,
} from './environments';
import {
  createProject,
  deleteProject,
  getOrganisation,
  getProject,
  listProjects,
  navigationTargets,
  updateOrganisation,
  updateProject,
} from './organisations';
import {
  answerInvitation,
  cancelInvitation,
  createInvitation,
  createUser,
  getInvitation,
  listAuditLogs,
  listInvitations,
  listMembers,
  removeMember,
  resendInvitation,
  updateMember,
} from './members';
import {
  createAccessKey,
  createWebhook,
  deleteAccessKey,
  deleteWebhook,
  listAccessKeys,
  listWebhooks,
  testWebhook,
  updateWebhook,
} from './access-keys';
import { analysesEndpoints } from './analyses';
import { environmentConsumption, myConsumption, organisationConsumption } from './consumption';
import { compareVersions, createVersion, deleteVersion, listVersions, restoreVersion } from './versions';
import { checkConfigurationDocument, getConfigurationDocument, saveConfigurationDocument } from './configuration-document';
import { nluEndpoints } from './nlu';
import { categorizationEndpoints } from './categorization';
import { extractionEndpoints } from './extraction';
import { visionEngineEndpoints } from './vision-engine';
import { getOcrDataExtractionSettings, saveOcrDataExtractionSettings, testOcrDataExtraction } from './ocr-data-extraction';
import { outputEndpoints } from './output';
import { replyTemplateEndpoints } from './reply-templates';
import { dashboardEndpoints } from './dashboard';
import { alertEndpoints } from './alerts';
import { integrationEndpoints } from './integrations';
import { sreEndpoints } from './sre';
import { errorLogEndpoints } from './error-logs';
import { creationWizardEndpoints } from './creation-wizard';
import { toolboxEndpoints } from './toolbox';
import { toolboxSyncEndpoints } from './toolbox-sync';
import { useCaseEndpoints } from './use-cases';
import { selfServiceEndpoints } from './self-service';
import { selfWebmailEndpoints } from './self-service-webmail';
import { testingCenterBankEndpoints } from './testing-center-bank';
import { sreAnalysesEndpoints } from './sre-analyses';
import { providerOrganisationEndpoints } from './provider-organisations';
import { configurationGraphEndpoints } from './configuration-graph';

export * from './define';
export * from './auth';
export * from './environments';
export * from './passwords';
export * from './sso';
export * from './organisations';
export * from './members';
export * from './access-keys';
export * from './consumption';
export * from './versions';
export * from './configuration-document';
export * from './nlu';
export * from './toolbox';
export * from './toolbox-sync';
export * from './use-cases';
export * from './self-service';
export * from './self-service-webmail';
export * from './categorization';
export * from './reply-templates';
export * from './error-logs';
export * from './creation-wizard';
export * from './configuration-graph';

export const allEndpoints: readonly Endpoint[] = [
  loginCheck,
  refreshSession,
  logout,
  currentUser,
  forgotPasswordSend,
  forgotPasswordCheck,
  forgotPasswordReset,
  changePassword,
  getEnvironment,
  socialProviders,
  socialLoginUrl,
  socialLogin,
  socialSignup,
  oidcAuthUrl,
  oidcLogin,
  getIdentityProvider,
  putIdentityProvider,
  deleteIdentityProvider,
  listEnvironments,
  createEnvironment,
  getEnvironmentSettings,
  updateEnvironmentSettings,
  deleteEnvironment,
  exportEnvironment,
  importEnvironment,
  getOrganisation,
  updateOrganisation,
  listProjects,
  createProject,
  getProject,
  updateProject,
  deleteProject,
  navigationTargets,
  listMembers,
  updateMember,
  removeMember,
  listInvitations,
  createInvitation,
  resendInvitation,
  cancelInvitation,
  getInvitation,
  answerInvitation,
  createUser,
  listAuditLogs,
  listAccessKeys,
  createAccessKey,
  deleteAccessKey,
  listWebhooks,
  createWebhook,
  updateWebhook,
  deleteWebhook,
  testWebhook,
  ...analysesEndpoints,
  organisationConsumption,
  myConsumption,
  environmentConsumption,
  listVersions,
  createVersion,
  compareVersions,
  restoreVersion,
  deleteVersion,
  getConfigurationDocument,
  checkConfigurationDocument,
  saveConfigurationDocument,
  ...nluEndpoints,
  ...replyTemplateEndpoints,
  ...categorizationEndpoints,
  ...extractionEndpoints,
  ...visionEngineEndpoints,
  ...dashboardEndpoints,
  ...alertEndpoints,
  ...integrationEndpoints,
  ...sreEndpoints,
  ...sreAnalysesEndpoints,
  ...providerOrganisationEndpoints,
  testOcrDataExtraction,
  getOcrDataExtractionSettings,
  saveOcrDataExtractionSettings,
  ...outputEndpoints,
  ...errorLogEndpoints,
  ...creationWizardEndpoints,
  ...toolboxEndpoints,
  ...toolboxSyncEndpoints,
  ...useCaseEndpoints,
  ...selfServiceEndpoints,
  ...selfWebmailEndpoints,
  ...testingRunEndpoints,
  ...testingCenterBankEndpoints,
  ...configurationGraphEndpoints,
];
