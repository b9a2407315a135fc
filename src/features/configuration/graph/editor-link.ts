/** Where a graph node leads: the structured screen that edits its entity (src/app/paths.ts). */
import { paths } from '../../../app/paths';
import type { EditorTarget } from './build-graph';

export function editorPath(target: EditorTarget, projectId: string, envId: string): string {
  switch (target.screen) {
    case 'archetype':
      return paths.nluArchetype(projectId, envId, target.id);
    case 'interaction':
      return paths.nluInteraction(projectId, envId, target.id);
    case 'contexts':
    case 'servers':
    case 'functions':
      return paths.nlu(projectId, envId, target.screen);
    case 'category':
      return paths.categorizationCategory(projectId, envId, target.moduleId, target.categoryId);
    case 'extraction':
      return paths.extractionModule(projectId, envId, target.moduleId, 'information');
    case 'replyTemplate':
      return paths.replyTemplate(projectId, envId, target.id);
    case 'module':
      switch (target.moduleType) {
        case 'categorization':
          return paths.categorizationModule(projectId, envId, target.moduleId);
        case 'extraction':
          return paths.extractionModule(projectId, envId, target.moduleId);
        case 'consolidation':
          return paths.consolidationModule(projectId, envId, target.moduleId);
        case 'visionEngine':
          return paths.visionEngineModule(projectId, envId, target.moduleId);
        case 'output':
          return paths.outputModule(projectId, envId, target.moduleId);
        case 'replyTemplate':
          return paths.replyTemplateModule(projectId, envId, target.moduleId);
        case 'ocrDataExtraction':
          return paths.ocrDataExtractionModule(projectId, envId, target.moduleId);
        // The extractor and the NLU module are set in the environment settings (modules tab).
        case 'extractor':
        case 'nlu':
          return paths.envManagement(projectId, 'settings');
      }
  }
}
