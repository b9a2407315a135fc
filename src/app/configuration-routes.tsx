/**
 * The configuration area of an environment (`…/environment/:envId/configuration/…` and the graph).
 */
import type { RouteObject } from 'react-router';
import { page } from './route-page';
import { redirectLoaders } from './redirects';

export const configurationRoutes: RouteObject[] = [
  page('configuration', 'configuration', () => import('./configuration-menu').then((m) => m.ConfigurationMenuPage)),
  page('configuration/ide', 'configurationIde', () => import('../features/configuration/ide/ide-page').then((m) => m.ConfigurationIdePage)),
  { path: 'configuration/nlu', loader: redirectLoaders.configuration, element: null },
  page('configuration/nlu/archetypes', 'nluArchetypes', () => import('../features/configuration/nlu/archetypes-page').then((m) => m.ArchetypesPage)),
  page('configuration/nlu/archetypes/:archetypeId', 'nluArchetype', () => import('../features/configuration/nlu/archetype-editor-page').then((m) => m.ArchetypeEditorPage)),
  page('configuration/nlu/contexts', 'nluContexts', () => import('../features/configuration/nlu/contexts-page').then((m) => m.ContextsPage)),
  page('configuration/nlu/interactions', 'nluInteractions', () => import('../features/configuration/nlu/interactions-page').then((m) => m.InteractionsPage)),
  page('configuration/nlu/interactions/:interactionId', 'nluInteraction', () => import('../features/configuration/nlu/interaction-editor-page').then((m) => m.InteractionEditorPage)),
  page('configuration/nlu/functions', 'nluFunctions', () => import('../features/configuration/nlu/functions-page').then((m) => m.FunctionsPage)),
  page('configuration/nlu/servers', 'nluServers', () => import('../features/configuration/nlu/servers-page').then((m) => m.ServersPage)),
  page('configuration/nlu/test', 'nluTest', () => import('../features/configuration/nlu/nlu-test-page').then((m) => m.NluTestPage)),
  page('configuration/categorization', 'categorization', () => import('../features/configuration/categorization/modules-page').then((m) => m.CategorizationModulesPage)),
  page('configuration/categorization/:moduleId', 'categorizationCategories', () => import('../features/configuration/categorization/categories-page').then((m) => m.CategoriesPage)),
  page('configuration/categorization/:moduleId/categories/:categoryId', 'categorizationCategory', () => import('../features/configuration/categorization/category-editor-page').then((m) => m.CategoryEditorPage)),
  page('configuration/categorization/:moduleId/categories/:categoryId/rules/:ruleId', 'categorizationRule', () => import('../features/configuration/categorization/rule-editor-page').then((m) => m.RuleEditorPage)),
  page('configuration/categorization/:moduleId/advanced', 'categorizationAdvanced', () => import('../features/configuration/categorization/advanced-page').then((m) => m.AdvancedCategorizationPage)),
  page('configuration/extraction', 'extraction', () => import('../features/configuration/extraction/modules-page').then((m) => m.ExtractionModulesPage)),
  page('configuration/extraction/:moduleId', 'extraction', () => import('../features/configuration/extraction/extraction-page').then((m) => m.ExtractionPage)),
  page('configuration/consolidation', 'consolidation', () => import('../features/configuration/categorization/modules-page').then((m) => m.ConsolidationModulesPage)),
  page('configuration/consolidation/:moduleId', 'consolidation', () => import('../features/configuration/categorization/consolidation-page').then((m) => m.ConsolidationPage)),
  page('configuration/vision-engine', 'visionEngine', () => import('../features/configuration/vision-engine/modules-page').then((m) => m.VisionModulesPage)),
  page('configuration/vision-engine/:moduleId', 'visionEngine', () => import('../features/configuration/vision-engine/vision-engine-page').then((m) => m.VisionEnginePage)),
  page('configuration/output', 'output', () => import('../features/configuration/output/output-modules-page').then((m) => m.OutputModulesPage)),
  page('configuration/output/:moduleId', 'output', () => import('../features/configuration/output/output-page').then((m) => m.OutputPage)),
  page('configuration/reply-templates', 'replyTemplates', () => import('../features/configuration/replies/templates-page').then((m) => m.ReplyTemplatesPage)),
  page('configuration/reply-templates/modules/:moduleId', 'replyTemplateModule', () => import('../features/configuration/replies/module-settings-page').then((m) => m.ReplyTemplateModulePage)),
  page('configuration/reply-templates/:templateId', 'replyTemplate', () => import('../features/configuration/replies/template-editor-page').then((m) => m.ReplyTemplateEditorPage)),
  page('configuration/ocr-data-extraction', 'ocrDataExtraction', () => import('../features/configuration/ocr-data-extraction/modules-page').then((m) => m.OcrModulesPage)),
  page('configuration/ocr-data-extraction/:moduleId', 'ocrDataExtraction', () => import('../features/configuration/ocr-data-extraction/rules-page').then((m) => m.OcrRulesPage)),
  page('configuration/wizard', 'creationWizard', () => import('../features/configuration/wizard/wizard-page').then((m) => m.CreationWizardPage)),
  page('configuration/error-logs', 'errorLogs', () => import('../features/configuration/error-logs/error-logs-page').then((m) => m.ErrorLogsPage)),
  page('configuration/toolbox', 'environmentKits', () => import('../features/configuration/toolbox/environment-kits-page').then((m) => m.EnvironmentKitsPage)),
  page('graph', 'graph', () => import('../features/configuration/graph/graph-page').then((m) => m.GraphPage)),
];
