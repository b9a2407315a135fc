/**
 * Saving an archetype or an interaction follows the same steps: check the draft, create or update,
 * keep what was typed even when the server reports configuration errors (it stores the item and
 * answers them), say so in a toast, refresh the NLU lists, and move a new item to its own address.
 */
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { NluConfigErrorView } from '../../../contract/nlu';
import { tr, type TranslationRef } from '../../../ui/message';
import { fieldErrors } from '../../../ui/auto-form';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { toast } from '../../../ui/toasts/toast-service';
import { nluErrorText } from './nlu-errors';
import { nluQueries } from './queries';

type Checked<B> = { data: B } | { issues: Record<string, string> };

interface NluItemSave<D, B> {
  envId: string;
  draft: D;
  /** The body to send, or the field problems to show beside the form. */
  check: (draft: D) => Checked<B>;
  send: (body: B) => Promise<{ item: { id: string }; errors: NluConfigErrorView[] }>;
  /** The draft now matches what is stored. */
  onSaved: (draft: D) => void;
  /** For a new item, the address of its page once created; null when editing an existing one. */
  createdPath: ((id: string) => string) | null;
}

export function useNluItemSave<D, B>({ envId, draft, check, send, onSaved, createdPath }: NluItemSave<D, B>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<NluConfigErrorView[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async (): Promise<boolean> => {
    const checked = check(draft);
    if ('issues' in checked) {
      setIssues(checked.issues);
      return false;
    }
    setIssues({});
    setSaving(true);
    try {
      const answer = await send(checked.data);
      setServerErrors(answer.errors);
      // Committed at once, with the unsaved-changes guard's effects: the guard must know the form is
      // clean before the navigation to the created item below, or it would hold it.
      flushSync(() => onSaved(draft));
      toast.success({ summary: tr(answer.errors.length > 0 ? 'nlu:editor.savedWithErrors' : 'errors:generic.save.success', { count: answer.errors.length }) });
      await queryClient.invalidateQueries({ queryKey: nluQueries.env(envId) });
      if (createdPath) navigate(createdPath(answer.item.id), { replace: true });
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: nluErrorText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving, issues, serverErrors };
}

/**
 * Deleting any NLU item (archetype, context, interaction, function, server): confirm with the item's
 * own sentence, delete, say it, refresh the NLU lists; a refusal shows the translated reason.
 */
export function useNluRemove(envId: string) {
  const queryClient = useQueryClient();
  return async (question: TranslationRef, remove: () => Promise<unknown>): Promise<void> => {
    if (!(await confirm({ body: question, danger: true }))) return;
    try {
      await remove();
      toast.success({ summary: tr('errors:generic.delete.success') });
      await queryClient.invalidateQueries({ queryKey: nluQueries.env(envId) });
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: nluErrorText(error) });
    }
  };
}

/** What a schema's safeParse answers: the body, or the issues (path and zod's own message). */
type Parsed<B> = { success: true; data: B } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };

/**
 * Saving a list item from its edit dialog (context, function, server): the schema's issues beside the
 * fields (in the screen's words, `messageOf`), then create or update, say it, close the dialog and
 * refresh the NLU lists; a refusal keeps the dialog open with the translated reason.
 */
export function useNluDialogSave(envId: string, close: () => void) {
  const queryClient = useQueryClient();
  const [issues, setIssues] = useState<Record<string, string>>({});
  const save = async <B>(parsed: Parsed<B>, messageOf: (path: readonly PropertyKey[]) => string, isNew: boolean, send: (body: B) => Promise<unknown>): Promise<boolean> => {
    if (!parsed.success) {
      setIssues(fieldErrors(parsed.error.issues, (issue) => messageOf(issue.path)));
      return false;
    }
    setIssues({});
    try {
      await send(parsed.data);
      toast.success({ summary: tr(isNew ? 'errors:generic.create.success' : 'errors:generic.save.success') });
      close();
      await queryClient.invalidateQueries({ queryKey: nluQueries.env(envId) });
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: nluErrorText(error) });
      return false;
    }
  };
  return { issues, save };
}
