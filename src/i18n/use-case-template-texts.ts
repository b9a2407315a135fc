/**
 * Where the name and description of a shipped use-case template are worded (`toolbox:useCases.templates.*`).
 * The template's id (`insurance:meeting`) cannot be a key itself: i18next reads `:` as the namespace
 * separator and would show `meeting`.
 */
export function templateTextKey(id: string, part: 'title' | 'description'): string {
  return `toolbox:useCases.templates.${id.replace(/[^a-z]/g, '_')}.${part}`;
}
