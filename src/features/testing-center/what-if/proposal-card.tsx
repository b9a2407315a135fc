/**
 * One proposal of the what-if page: what it changes and why, the missed messages behind it, and the
 * buttons to try it on the run's messages and, once tried, to save it.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card } from '@blueprintjs/core';
import type { Proposal } from '../../../testing-center/proposals';
import { criterionSubject } from '../../../testing-center/what-if-change';
import { TrialState } from '../../../ui/what-if/trial-state';
import { LazyDetails } from '../../../ui/lazy-details';
import type { Trial } from '../../../ui/what-if/use-what-if';

export function ProposalTitle({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('testRuns');
  if (proposal.type === 'dictionary') {
    const { words, archetype, language } = proposal.change;
    return <>{t('whatIf.dictionaryTitle', { category: proposal.category, words: words.map((word) => `« ${word} »`).join(', '), archetype, language })}</>;
  }
  if (proposal.type === 'field') return <>{t(`whatIf.field_${proposal.change.relaxation}`, { field: proposal.field, module: proposal.moduleName })}</>;
  const values = { category: proposal.category, rule: proposal.ruleName, subject: criterionSubject(proposal.criterion), type: t(`whatIf.criterionTypes.${proposal.criterion.type}`), parameter: proposal.parameterName ?? '' };
  return <>{t(`whatIf.rule_${proposal.change.relaxation.kind}`, values)}</>;
}

function ProposalWhy({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('testRuns');
  if (proposal.type === 'dictionary') return <p>{t('whatIf.dictionaryWhy', { count: proposal.messages.length, interaction: proposal.interaction, parameter: proposal.parameter })}</p>;
  if (proposal.type === 'field') return <p>{t('whatIf.fieldWhy', { count: proposal.messages.length })}</p>;
  return <p>{t('whatIf.ruleWhy', { count: proposal.messages.length, module: proposal.moduleName })}</p>;
}

/**
 * Memoised, its callbacks taking the proposal: a tried change reports its progress tens of times, and
 * only its own card has to render again, not the page's tens of others.
 */
export const ProposalCard = memo(function ProposalCard(props: {
  proposal: Proposal;
  names: Record<string, string>;
  trial: Trial | undefined;
  onTry: (proposal: Proposal) => void;
  onApply: (proposal: Proposal) => void;
  applying: boolean;
}) {
  const { t } = useTranslation('testRuns');
  const { proposal, trial } = props;
  return (
    <Card compact className="p-section" data-proposal={proposal.type} data-category={proposal.type === 'field' ? undefined : proposal.category} data-field={proposal.type === 'field' ? proposal.field : undefined}>
      <h3 className="p-card-heading">
        <ProposalTitle proposal={proposal} />
      </h3>
      <ProposalWhy proposal={proposal} />
      <LazyDetails summary={t('whatIf.messagesBehind', { count: proposal.messages.length })}>
        {() => (
          <ul>
            {proposal.messages.map((id) => (
              <li key={id}>{props.names[id] ?? id}</li>
            ))}
          </ul>
        )}
      </LazyDetails>
      <div className="p-toolbar">
        <Button icon="play" text={t('whatIf.try')} onClick={() => props.onTry(proposal)} loading={trial?.phase === 'running'} />
        {trial?.phase === 'done' && <Button icon="tick" intent="primary" text={t('whatIf.apply')} onClick={() => props.onApply(proposal)} loading={props.applying} />}
      </div>
      <TrialState trial={trial} />
    </Card>
  );
});
