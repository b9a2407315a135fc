/**
 * Saving the environment's reply templates: they are saved as a whole (`replyTemplates.save`), so a
 * list action (create, rename, delete, default) and the editor's save are the same call. A refusal
 * (422 with a code: include cycle, two defaults, syntax error…) is shown translated and loses nothing.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { saveReplyTemplates, type ReplyTemplate } from '../../../contract/reply-templates';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { replyErrorText } from './messages';
import { replyQueries } from './queries';

export function useSaveTemplates(envId: string) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = useCallback(
    async (templates: ReplyTemplate[], onError?: (error: unknown) => void): Promise<boolean> => {
      setSaving(true);
      try {
        const answer = await request(saveReplyTemplates, { params: { envId }, body: { templates } });
        queryClient.setQueryData(replyQueries.templates(envId).queryKey, answer);
        toast.success({ summary: tr('errors:generic.save.success') });
        return true;
      } catch (error) {
        toast.error({ summary: tr('errors:generic.save.failure'), detail: replyErrorText(error) });
        onError?.(error);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [envId, queryClient],
  );
  return { save, saving };
}

/** A fresh template id (the editor's address; names can change). */
export const newTemplateId = () => `tpl-${crypto.randomUUID().slice(0, 8)}`;

/** `templates` with `id` as the only default (or none when `on` is false). */
export function withDefault(templates: readonly ReplyTemplate[], id: string, on: boolean): ReplyTemplate[] {
  return templates.map((template) => ({ ...template, isDefault: template.id === id ? on : on ? false : template.isDefault }));
}
