/** A message's qualification state (§4) as a coloured tag. */
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { QualificationState } from '../../contract/testing-center';

const INTENTS: Record<QualificationState, Intent> = { qualified: Intent.SUCCESS, partiallyQualified: Intent.WARNING, notQualified: Intent.NONE };

export function QualificationTag({ state }: { state: QualificationState }) {
  const { t } = useTranslation('testingCenter');
  return (
    <Tag minimal intent={INTENTS[state]} data-qualification={state}>
      {t(`states.${state}`)}
    </Tag>
  );
}
