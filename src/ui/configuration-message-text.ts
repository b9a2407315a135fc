/**
 * The §5/§8 configuration messages (categorization, consolidation, taints) in the user's language,
 * from their `code` and params — never the server's English sentence. Used by the categorization
 * screens and by any settings save the server refuses with 422 `configurationInvalid`.
 */
import i18next from 'i18next';
import { ApiError, serverCode } from '../api/errors';
import { configurationMessageSchema, type ConfigurationMessage } from '../contract/categorization';

/** Params as i18next wants them: lists (taints) joined. */
function flatParams(params: ConfigurationMessage['params']): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value.join(', ') : value]));
}

export function configurationMessageText(message: Pick<ConfigurationMessage, 'code' | 'params'>): string {
  return i18next.t(`categorization:messages.${message.code}` as never, flatParams(message.params) as never) as unknown as string;
}

/** The blocking messages a refused save (422 `configurationInvalid`) carries; [] for other errors. */
export function refusedMessages(error: unknown): ConfigurationMessage[] {
  if (serverCode(error) !== 'configurationInvalid' || !(error instanceof ApiError)) return [];
  const raw = (error.jsonData as { messages?: unknown }).messages;
  const parsed = configurationMessageSchema.array().safeParse(raw);
  return parsed.success ? parsed.data : [];
}
