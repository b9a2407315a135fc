/**
 * §3: a consolidation module with an empty workflow id gets one ("auto-created if empty"). Pure (no
 * database), so the settings guard, environment creation and imports on the main thread and the
 * configuration document check in a module worker fill ids the same way.
 */
import { consolidationConfigSchema } from '../../src/contract/modules/consolidation';
import type { EnvironmentSettings } from '../../src/contract/environments';
import { newWorkflowId } from '../../src/categorization/run-consolidation';

export function withWorkflowIds(settings: EnvironmentSettings): EnvironmentSettings {
  const needs = (config: Record<string, unknown>) => typeof config.workflowId !== 'string' || config.workflowId.trim() === '';
  if (!settings.modules.some((module) => module.type === 'consolidation' && module.active && needs(module.config))) return settings;
  return {
    ...settings,
    modules: settings.modules.map((module) => {
      if (module.type !== 'consolidation' || !module.active || !needs(module.config)) return module;
      const parsed = consolidationConfigSchema.safeParse(module.config);
      const config = parsed.success ? parsed.data : consolidationConfigSchema.parse({});
      return { ...module, config: { ...module.config, ...config, workflowId: newWorkflowId() } };
    }),
  };
}
