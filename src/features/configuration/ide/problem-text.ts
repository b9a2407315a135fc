/**
 * A document problem in the user's language, from its source and code: §8 "Syntax error in your
 * configuration" with the line and the parser's message, schema errors, the configuration messages
 * (the categorization screens' texts; "no server linked" the NLU's), and the extra checks' codes
 * (the graph's problem checks: `configurationProblems:problems.<code>`).
 */
import i18next from 'i18next';
import type { DocumentProblem } from '../../../contract/configuration-document';
import { configurationMessageText } from '../../../ui/configuration-message-text';
import { schemaIssueText } from '../../../i18n/schema-issue-text';
import { yamlErrorReason } from '../../../i18n/yaml-error-text';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;

export function problemText(problem: DocumentProblem): string {
  // A YAML parse error says its code in the reader's language (with its column), never the library's English.
  const params = { line: problem.line, message: yamlErrorReason(t, { ...problem.params, message: problem.params.message ?? problem.message }) };
  switch (problem.source) {
    case 'syntax':
      // An alias, a duplicate key, a text too large: named problems with texts of their own.
      if (problem.code !== 'configurationSyntax' && i18next.exists(`configurationIde:errors.${problem.code}`)) {
        return t(`configurationIde:errors.${problem.code}`, { ...problem.params, line: problem.line });
      }
      return t('configurationIde:problems.syntax', params);
    case 'schema':
      return t('configurationIde:problems.schema', { line: problem.line, message: schemaIssueText(t, problem.params) });
    case 'message':
      if (problem.code === 'noServerLinked') return t('configurationIde:problems.noServerLinked', problem.params);
      return configurationMessageText(problem as Parameters<typeof configurationMessageText>[0]);
    case 'check':
      // The graph's configuration problem checks (namespace `configurationProblems`), else a checker's own English text.
      return i18next.exists(`configurationProblems:problems.${problem.code}`) ? t(`configurationProblems:problems.${problem.code}`, problem.params) : problem.message;
  }
}
