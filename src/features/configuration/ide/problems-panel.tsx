/**
 * The problems panel: every syntax and schema error, every §8 configuration message and every extra
 * check of the document, with its line, each a link to that line; "No errors detected" when none.
 * A problem about an entity (the graph's checks) also links to its node in the graph (`?node=`).
 */
import { Button, Callout, Icon, Intent } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import type { DocumentProblem } from '../../../contract/configuration-document';
import { problemText } from './problem-text';

export function ProblemsPanel({ problems, onPick, projectId, envId }: { problems: readonly DocumentProblem[]; onPick: (line: number) => void; projectId: string; envId: string }) {
  const { t } = useTranslation('configurationIde');
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  return (
    <section className="p-config-ide__problems" aria-label={t('problems.title')} data-testid="configuration-ide-problems">
      <h2 className="bp6-heading p-config-ide__panel-title">
        {t('problems.title')} <span className="bp6-text-muted">{t('problems.errorCount', { count: errors })}, {t('problems.warningCount', { count: problems.length - errors })}</span>
      </h2>
      {problems.length === 0 ? (
        <Callout intent={Intent.SUCCESS} compact icon="tick">
          {t('problems.none')}
        </Callout>
      ) : (
        <ul className="p-config-ide__problem-list">
          {problems.map((problem, index) => (
            <li key={`${problem.line}-${problem.code}-${index}`} data-severity={problem.severity} data-code={problem.code}>
              <Button variant="minimal" size="small" alignText="start" onClick={() => onPick(problem.line)}>
                <Icon icon={problem.severity === 'error' ? 'error' : 'warning-sign'} intent={problem.severity === 'error' ? Intent.DANGER : Intent.WARNING} />{' '}
                <span className="p-config-ide__problem-line">{t('problems.line', { line: problem.line })}</span> {problemText(problem)}
              </Button>
              {problem.node !== undefined && (
                <Link className="p-config-ide__problem-graph" to={paths.graph(projectId, envId, problem.node)}>
                  {t('problems.showInGraph')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
