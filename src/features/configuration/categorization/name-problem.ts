/**
 * A category's name (§5): not empty, unique among the module's categories of the same target, and
 * changed by a rename. The same codes as the server's messages, checked before asking it.
 */
import { configurationMessageText } from './messages';

export function nameProblem(name: string, taken: readonly string[], previous?: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return configurationMessageText({ code: 'categoryNameEmpty', params: {} });
  if (previous !== undefined && trimmed === previous.trim()) return configurationMessageText({ code: 'categoryRenameUnchanged', params: { name: previous } });
  if (taken.some((other) => other.trim().toLowerCase() === trimmed.toLowerCase())) return configurationMessageText({ code: 'classificationNameTaken', params: { name: trimmed } });
  return null;
}
