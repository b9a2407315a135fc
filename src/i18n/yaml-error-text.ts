/**
 * A YAML syntax problem's reason as people read it: the `yaml` library's error code
 * (`BLOCK_AS_IMPLICIT_KEY`…, src/configuration-document/yaml-error-codes.ts) in the reader's language,
 * with its column. A problem without a known code (stored before codes travelled) keeps its message.
 */
import { isYamlErrorCode } from '../configuration-document/yaml-error-codes';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export function yamlErrorReason(t: Translate, params: { yamlCode?: unknown; column?: unknown; message?: unknown }): string {
  if (!isYamlErrorCode(params.yamlCode)) return String(params.message ?? '');
  const reason = t(`common:yamlError.codes.${params.yamlCode}`);
  return typeof params.column === 'number' ? t('common:yamlError.at', { column: params.column, reason }) : reason;
}
