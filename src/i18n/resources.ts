/** Every namespace, one per feature area; fr is the reference the types are taken from. */
import frCommon from './resources/fr/common.json';
import enCommon from './resources/en/common.json';
import frRoutes from './resources/fr/routes.json';
import enRoutes from './resources/en/routes.json';
import frErrors from './resources/fr/errors.json';
import enErrors from './resources/en/errors.json';
import frProfile from './resources/fr/profile.json';
import enProfile from './resources/en/profile.json';
import frAuth from './resources/fr/auth.json';
import enAuth from './resources/en/auth.json';
import frPwa from './resources/fr/pwa.json';
import enPwa from './resources/en/pwa.json';
import frEnvironments from './resources/fr/environments.json';
import enEnvironments from './resources/en/environments.json';
import frOrganisations from './resources/fr/organisations.json';
import enOrganisations from './resources/en/organisations.json';
import frProjects from './resources/fr/projects.json';
import enProjects from './resources/en/projects.json';
import frAccount from './resources/fr/account.json';
import enAccount from './resources/en/account.json';
import frFilesViewer from './resources/fr/filesViewer.json';
import enFilesViewer from './resources/en/filesViewer.json';
import frAnalyses from './resources/fr/analyses.json';
import enAnalyses from './resources/en/analyses.json';
import frConsumption from './resources/fr/consumption.json';
import enConsumption from './resources/en/consumption.json';
import frNlu from './resources/fr/nlu.json';
import enNlu from './resources/en/nlu.json';
import frCategorization from './resources/fr/categorization.json';
import enCategorization from './resources/en/categorization.json';
import frExtraction from './resources/fr/extraction.json';
import enExtraction from './resources/en/extraction.json';
import frVision from './resources/fr/vision.json';
import enVision from './resources/en/vision.json';
import frOutput from './resources/fr/output.json';
import enOutput from './resources/en/output.json';
import frReplies from './resources/fr/replies.json';
import enReplies from './resources/en/replies.json';
import frOcrRules from './resources/fr/ocrRules.json';
import enOcrRules from './resources/en/ocrRules.json';
import frDashboard from './resources/fr/dashboard.json';
import enDashboard from './resources/en/dashboard.json';
import frSre from './resources/fr/sre.json';
import enSre from './resources/en/sre.json';
import frNavigation from './resources/fr/navigation.json';
import enNavigation from './resources/en/navigation.json';
import frWizard from './resources/fr/wizard.json';
import enWizard from './resources/en/wizard.json';
import frErrorLogs from './resources/fr/errorLogs.json';
import enErrorLogs from './resources/en/errorLogs.json';
import frToolbox from './resources/fr/toolbox.json';
import enToolbox from './resources/en/toolbox.json';
import frIntegrations from './resources/fr/integrations.json';
import enIntegrations from './resources/en/integrations.json';
import frTestingCenter from './resources/fr/testingCenter.json';
import enTestingCenter from './resources/en/testingCenter.json';
import frTestRuns from './resources/fr/testRuns.json';
import enTestRuns from './resources/en/testRuns.json';
import frConfigurationProblems from './resources/fr/configurationProblems.json';
import enConfigurationProblems from './resources/en/configurationProblems.json';
import frConfigurationGraph from './resources/fr/configurationGraph.json';
import enConfigurationGraph from './resources/en/configurationGraph.json';
import frConfigurationIde from './resources/fr/configurationIde.json';
import enConfigurationIde from './resources/en/configurationIde.json';
import frSelfService from './resources/fr/selfService.json';
import enSelfService from './resources/en/selfService.json';
import frSelfWebmail from './resources/fr/selfWebmail.json';
import enSelfWebmail from './resources/en/selfWebmail.json';
import frPipelineMessages from './resources/fr/pipelineMessages.json';
import enPipelineMessages from './resources/en/pipelineMessages.json';
import frAuditLog from './resources/fr/auditLog.json';
import enAuditLog from './resources/en/auditLog.json';

// One namespace a line (merges of branches adding namespaces then keep both sides).
export const resources = {
  fr: {
    common: frCommon,
    routes: frRoutes,
    errors: frErrors,
    profile: frProfile,
    auth: frAuth,
    pwa: frPwa,
    environments: frEnvironments,
    organisations: frOrganisations,
    projects: frProjects,
    account: frAccount,
    filesViewer: frFilesViewer,
    analyses: frAnalyses,
    consumption: frConsumption,
    nlu: frNlu,
    categorization: frCategorization,
    extraction: frExtraction,
    vision: frVision,
    output: frOutput,
    replies: frReplies,
    ocrRules: frOcrRules,
    dashboard: frDashboard,
    sre: frSre,
    navigation: frNavigation,
    wizard: frWizard,
    errorLogs: frErrorLogs,
    toolbox: frToolbox,
    integrations: frIntegrations,
    testingCenter: frTestingCenter,
    testRuns: frTestRuns,
    configurationProblems: frConfigurationProblems,
    configurationGraph: frConfigurationGraph,
    configurationIde: frConfigurationIde,
    selfService: frSelfService,
    selfWebmail: frSelfWebmail,
    pipelineMessages: frPipelineMessages,
    auditLog: frAuditLog,
  },
  en: {
    common: enCommon,
    routes: enRoutes,
    errors: enErrors,
    profile: enProfile,
    auth: enAuth,
    pwa: enPwa,
    environments: enEnvironments,
    organisations: enOrganisations,
    projects: enProjects,
    account: enAccount,
    filesViewer: enFilesViewer,
    analyses: enAnalyses,
    consumption: enConsumption,
    nlu: enNlu,
    categorization: enCategorization,
    extraction: enExtraction,
    vision: enVision,
    output: enOutput,
    replies: enReplies,
    ocrRules: enOcrRules,
    dashboard: enDashboard,
    sre: enSre,
    navigation: enNavigation,
    wizard: enWizard,
    errorLogs: enErrorLogs,
    toolbox: enToolbox,
    integrations: enIntegrations,
    testingCenter: enTestingCenter,
    testRuns: enTestRuns,
    configurationProblems: enConfigurationProblems,
    configurationGraph: enConfigurationGraph,
    configurationIde: enConfigurationIde,
    selfService: enSelfService,
    selfWebmail: enSelfWebmail,
    pipelineMessages: enPipelineMessages,
    auditLog: enAuditLog,
  },
} as const;

export type Namespace = keyof (typeof resources)['fr'];
export const namespaces = Object.keys(resources.fr) as Namespace[];
