/** CodeMirror completion of the document's keys from the configuration's JSON Schema (engine: key-completion.ts). */
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { configurationJsonSchema } from '../../../configuration-document/json-schema';
import { completeKey } from '../../../configuration-document/key-completion';

export function configurationKeyCompletion(context: CompletionContext): CompletionResult | null {
  const line = context.state.doc.lineAt(context.pos);
  const column = context.pos - line.from;
  const found = completeKey(configurationJsonSchema(), context.state.doc.toJSON(), line.number - 1, column);
  // While typing, only once a word is started; Ctrl-Space asks on an empty line too.
  if (found === null || (!context.explicit && found.from === column)) return null;
  return {
    from: line.from + found.from,
    options: found.keys.map((key) => ({ label: key.name, type: 'property', info: key.description, apply: `${key.name}: ` })),
    validFor: /^[\w-]*$/,
  };
}
