/** Query-key factory and options of the OCR data extraction rules screens, per environment. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { getEnvironmentSettings } from '../../../contract/environments';
import { getOcrDataExtractionSettings } from '../../../contract/ocr-data-extraction';

export const ocrRulesQueries = {
  all: () => ['ocrRules'] as const,
  env: (envId: string) => [...ocrRulesQueries.all(), envId] as const,
  /** The environment's modules without their configuration (to list its OCR data extraction modules). */
  modules: (envId: string) =>
    queryOptions({
      queryKey: [...ocrRulesQueries.env(envId), 'modules'] as const,
      queryFn: async ({ signal }) => (await request(getEnvironmentSettings, { params: { envId }, signal })).settings.modules.map(({ config: _config, ...module }) => module),
    }),
  module: (envId: string, moduleId: string) =>
    queryOptions({
      queryKey: [...ocrRulesQueries.env(envId), 'module', moduleId] as const,
      queryFn: ({ signal }) => request(getOcrDataExtractionSettings, { params: { envId, moduleId }, signal }),
    }),
};
