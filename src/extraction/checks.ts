/**
 * The checks a save of an extraction configuration goes through: names that must be
 * unique, snippets that must exist and parse (§8 "Syntax error in your configuration" with the line),
 * regular expressions RE2 accepts, groups that exist. Pure: the server refuses a save with these
 * messages, the screen shows them on their fields before the save.
 */
import type { ExtractionMessage } from '../contract/extraction';
import type { ExtractionConfig } from '../contract/modules/extraction';
import { compileRegex, hasGroup } from './safe-regex';
import { snippetSyntaxError } from './snippets';

export function extractionConfigMessages(config: ExtractionConfig): ExtractionMessage[] {
  const messages: ExtractionMessage[] = [];
  const error = (code: ExtractionMessage['code'], path: string[], params: ExtractionMessage['params'], message: string) =>
    messages.push({ code, severity: 'error', path, params, message });

  const snippetNames = new Set<string>();
  config.snippets.forEach((snippet, index) => {
    if (snippetNames.has(snippet.name)) error('snippetNameTaken', ['snippets', String(index), 'name'], { name: snippet.name }, `Two snippets are named "${snippet.name}"`);
    snippetNames.add(snippet.name);
    const syntax = snippetSyntaxError(snippet.program);
    if (syntax !== null) {
      error('snippetSyntaxError', ['snippets', String(index), 'program'], { owner: snippet.name, line: syntax.line, message: syntax.message }, `Syntax error in your configuration (snippet ${snippet.name}, line ${syntax.line ?? '?'}): ${syntax.message}`);
    }
  });

  const fieldNames = new Set<string>();
  config.fields.forEach((field, index) => {
    const at = (...rest: string[]) => ['fields', String(index), ...rest];
    if (fieldNames.has(field.name)) error('fieldNameTaken', at('name'), { name: field.name }, `Two fields are named "${field.name}"`);
    fieldNames.add(field.name);
    const source = field.source;
    if (source.type === 'namedSnippet' && !snippetNames.has(source.snippet)) {
      error('unknownSnippet', at('source', 'snippet'), { field: field.name, snippet: source.snippet }, `Field ${field.name}: no snippet is named "${source.snippet}"`);
    }
    if (source.type === 'snippet') {
      const syntax = snippetSyntaxError(source.program);
      if (syntax !== null) {
        error('snippetSyntaxError', at('source', 'program'), { owner: field.name, line: syntax.line, message: syntax.message }, `Syntax error in your configuration (field ${field.name}, line ${syntax.line ?? '?'}): ${syntax.message}`);
      }
    }
    if (source.type === 'regex') {
      const compiled = compileRegex(source.pattern, source.ignoreCase);
      if (!compiled.ok) error('badRegex', at('source', 'pattern'), { field: field.name, detail: compiled.detail }, `Field ${field.name}: the regular expression is refused: ${compiled.detail}`);
      else if (!hasGroup(compiled.regex, source.group)) {
        error('unknownGroup', at('source', 'group'), { field: field.name, group: String(source.group) }, `Field ${field.name}: the regular expression has no group ${source.group}`);
      }
    }
  });
  return messages;
}

/** Expected and obtained agree: equal JSON, or the same text for a typed scalar ("48250" and 48250). */
export function sameValue(expected: unknown, obtained: unknown): boolean {
  if (JSON.stringify(expected) === JSON.stringify(obtained)) return true;
  const scalar = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  return scalar(expected) && scalar(obtained) && String(expected).trim() === String(obtained).trim();
}
