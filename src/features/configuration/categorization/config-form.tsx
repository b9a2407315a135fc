/**
 * The form every configuration editor of categorization and consolidation sits in: submit saves,
 * the unsaved-changes guard asks before leaving with changes, the configuration messages of the
 * last answer come first, and configurators get the save button at the end.
 */
import type { ReactNode } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ConfigurationMessage } from '../../../contract/categorization';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { ConfigurationMessages } from './configuration-messages';
import { Form } from '../../../ui/form';

export function ConfigForm({
  dirty,
  onSave,
  messages,
  canEdit,
  saving,
  saveDisabled = !dirty,
  children,
}: {
  dirty: boolean;
  /** Resolves true when saved (the guard's "save and leave" leaves only then). */
  onSave: () => Promise<boolean>;
  messages: readonly ConfigurationMessage[];
  canEdit: boolean;
  saving: boolean;
  /** Default: nothing to save. */
  saveDisabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('categorization');
  // In this child, its effects run before the parent's: the guard is off before a parent's effect navigates.
  const guard = useUnsavedChangesGuard({ when: dirty, onSave });
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      {guard}
      <ConfigurationMessages messages={messages} />
      {children}
      {canEdit && (
        <div className="p-toolbar">
          <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} disabled={saveDisabled} loading={saving} />
        </div>
      )}
    </Form>
  );
}
