/**
 * The draft of one categorization module's configuration and its save. Every screen of the module
 * (categories, a category, a rule, the advanced program) edits the whole configuration and saves it
 * with `categorization.save`: categories are saved as a whole (contract: modules/categorization.ts).
 * A refused save (422 `configurationInvalid`) keeps the draft and hands back its messages, which the
 * screen shows translated by code, where they point (`path`) when it can.
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { saveCategorizationSettings, type CategorizationConfig, type CategorizationSettings, type ConfigurationMessage } from '../../../contract/categorization';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { categorizationErrorText, refusedMessages } from './messages';
import { categorizationQueries } from './queries';

export interface ConfigEditor {
  draft: CategorizationConfig;
  setDraft: (update: CategorizationConfig | ((current: CategorizationConfig) => CategorizationConfig)) => void;
  dirty: boolean;
  saving: boolean;
  /** Messages of the last answer (warnings after a save, the blocking errors after a refusal). */
  messages: ConfigurationMessage[];
  /** Saves `config` (default: the draft); true when saved. */
  save: (config?: CategorizationConfig) => Promise<boolean>;
}

export function useConfigEditor(envId: string, settings: CategorizationSettings): ConfigEditor {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<CategorizationConfig>(settings.config);
  const [draft, setDraft] = useState<CategorizationConfig>(settings.config);
  const [messages, setMessages] = useState<ConfigurationMessage[]>(settings.messages);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const save = useCallback(
    async (config: CategorizationConfig = draft): Promise<boolean> => {
      setSaving(true);
      try {
        const answer = await request(saveCategorizationSettings, { params: { envId, moduleId: settings.module.id }, body: { config } });
        setSaved(answer.config);
        setDraft(answer.config);
        setMessages(answer.messages);
        queryClient.setQueryData(categorizationQueries.categorization(envId, settings.module.id).queryKey, answer);
        await queryClient.invalidateQueries({ queryKey: categorizationQueries.env(envId) });
        toast.success({ summary: tr('errors:generic.save.success') });
        return true;
      } catch (error) {
        const refused = refusedMessages(error);
        if (refused.length > 0) setMessages(refused);
        toast.error({ summary: tr('errors:generic.save.failure'), detail: categorizationErrorText(error) });
        return false;
      } finally {
        setSaving(false);
      }
    },
    [draft, envId, queryClient, settings.module.id],
  );
  return { draft, setDraft, dirty, saving, messages, save };
}

/** A fresh id for a category or a rule (stable: explanations and the testing center refer to it). */
export const newId = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
