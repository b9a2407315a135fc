/**
 * Saving a kit or a component: send, take the draft as saved, say it, refresh the organisation's
 * toolbox lists, then `after` (a new component moves to its own address); a refusal shows the
 * translated reason and keeps the draft.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toolboxQueries } from '../../api/toolbox-query';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { toolboxErrorText } from '../../ui/toolbox-errors';

export function useToolboxSave(orgaId: string, onSaved: () => void) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = async <A>(send: () => Promise<A>, after?: (answer: A) => void): Promise<boolean> => {
    setSaving(true);
    try {
      const answer = await send();
      onSaved();
      toast.success({ summary: tr('errors:generic.save.success') });
      await queryClient.invalidateQueries({ queryKey: toolboxQueries.organisation(orgaId) });
      after?.(answer);
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: toolboxErrorText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
