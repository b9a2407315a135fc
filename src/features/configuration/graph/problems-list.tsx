/** Every problem of the configuration, each a button that shows its node on the graph. */
import { Button, Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { configurationProblemText } from '../../../ui/configuration-problem-text';
import type { ConfigurationProblem } from '../../../configuration-problems';
import { problemNodeId } from './build-graph';

export function ProblemsList({ problems, onPick }: { problems: readonly ConfigurationProblem[]; onPick: (id: string) => void }) {
  const { t } = useTranslation('configurationGraph');
  return (
    <Card compact aria-labelledby="cg-problems-title">
      <H2 id="cg-problems-title" style={{ fontSize: 16 }}>
        {t('problems.title', { count: problems.length })}
      </H2>
      {problems.length === 0 && <p>{t('problems.none')}</p>}
      <ul className="cg-search__results" style={{ maxHeight: 'none' }}>
        {problems.map((problem, index) => (
          <li key={index}>
            <Button
              variant="minimal"
              alignText="start"
              fill
              icon={problem.severity === 'error' ? 'error' : 'warning-sign'}
              intent={problem.severity === 'error' ? 'danger' : 'warning'}
              onClick={() => onPick(problemNodeId(problem))}
              text={configurationProblemText(problem)}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
