/**
 * Which modules an analysis goes through, shared by the server's pipeline and the console
 * (the extractor test screen redirects to the dashboard when `extractorEnabled` is false, §8).
 *
 * An environment with no module configured (a fresh one made from scratch) runs the extractor then
 * the output module with their defaults: the extractor settings exist, and are active, on every
 * environment whether or not a module list was set, and the templates all start with the extractor
 * and end with the output module. Once modules are configured, exactly those run, in their order.
 */
import type { EnvironmentModule, EnvironmentSettings } from './environments';

export const DEFAULT_PIPELINE: readonly EnvironmentModule[] = [
  { id: 'default-extractor', type: 'extractor', name: 'Extractor', inputType: null, context: null, active: true, requiredTaints: [], config: {} },
  { id: 'default-output', type: 'output', name: 'Output', inputType: null, context: null, active: true, requiredTaints: [], config: {} },
];

export function pipelineModules(settings: Pick<EnvironmentSettings, 'modules'>): readonly EnvironmentModule[] {
  return settings.modules.length === 0 ? DEFAULT_PIPELINE : settings.modules;
}

/** The extractor runs (and can be tested) when it is active and in the pipeline as an active module. */
export function extractorEnabled(settings: Pick<EnvironmentSettings, 'modules' | 'extractor'>): boolean {
  return settings.extractor.active && pipelineModules(settings).some((module) => module.type === 'extractor' && module.active);
}

/** The OCR data extraction module can be tested when the pipeline holds it as an active module. */
export function ocrDataExtractionEnabled(settings: Pick<EnvironmentSettings, 'modules'>): boolean {
  return pipelineModules(settings).some((module) => module.type === 'ocrDataExtraction' && module.active);
}
