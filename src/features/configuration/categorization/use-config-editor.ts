/**
 * The draft of one module's configuration and its save, shared by the categorization and
 * consolidation screens. Every categorization screen (categories, a category, a rule, the advanced
 * program) edits the whole configuration and saves it with `categorization.save`: categories are
 * saved as a whole (contract: modules/categorization.ts); the consolidation screen edits its form
 * value and saves it with `consolidation.save`. A refused save (422 `configurationInvalid`) keeps the
 * draft and hands back its messages, which the screen shows translated by code, where they point
 * (`path`) when it can.
 */
import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { saveCategorizationSettings, type CategorizationConfig, type CategorizationSettings, type ConfigurationMessage } from '../../../contract/categorization';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { categorizationErrorText, refusedMessages } from './messages';
import { categorizationQueries } from './queries';

export interface ConfigEditor<Config = CategorizationConfig> {
  draft: Config;
  setDraft: (update: Config | ((current: Config) => Config)) => void;
  dirty: boolean;
  saving: boolean;
  /** Messages of the last answer (warnings after a save, the blocking errors after a refusal). */
  messages: ConfigurationMessage[];
  /** Saves `config` (default: the draft); true when saved. */
  save: (config?: Config) => Promise<boolean>;
}

export interface ModuleConfigSource<Config, Answer extends { messages: ConfigurationMessage[] }> {
  envId: string;
  /** What the screen opened with (the module's settings as last read). */
  initial: Config;
  messages: ConfigurationMessage[];
  /** Sends the configuration to the server; answers the module's settings as saved. */
  send: (config: Config) => Promise<Answer>;
  /** The configuration (in the screen's shape) of an answer. */
  configOf: (answer: Answer) => Config;
  /** The query the answer replaces in the cache. */
  queryKey: QueryKey;
}

export function useModuleConfigEditor<Config, Answer extends { messages: ConfigurationMessage[] }>(source: ModuleConfigSource<Config, Answer>): ConfigEditor<Config> {
  const { envId, send, configOf, queryKey } = source;
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<Config>(source.initial);
  const [draft, setDraft] = useState<Config>(source.initial);
  const [messages, setMessages] = useState<ConfigurationMessage[]>(source.messages);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  // The screen may open on a cached copy (the offline cache, restored at load) that the background
  // refetch then replaces: an untouched draft follows the newer server copy; a draft being edited
  // is the user's work and stays.
  const initialJson = JSON.stringify(source.initial);
  const [opened, setOpened] = useState(initialJson);
  if (initialJson !== opened) {
    setOpened(initialJson);
    if (!dirty) {
      setSaved(source.initial);
      setDraft(source.initial);
    }
  }

  const save = async (config: Config = draft): Promise<boolean> => {
    setSaving(true);
    try {
      const answer = await send(config);
      setSaved(configOf(answer));
      setDraft(configOf(answer));
      setMessages(answer.messages);
      queryClient.setQueryData(queryKey, answer);
      // The other screens of the environment (checks, modules, earlier categories) read it again.
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
  };
  return { draft, setDraft, dirty, saving, messages, save };
}

/** A categorization module's whole configuration, saved with `categorization.save`. */
export function useConfigEditor(envId: string, settings: CategorizationSettings): ConfigEditor {
  const moduleId = settings.module.id;
  return useModuleConfigEditor({
    envId,
    initial: settings.config,
    messages: settings.messages,
    send: (config: CategorizationConfig) => request(saveCategorizationSettings, { params: { envId, moduleId }, body: { config } }),
    configOf: (answer) => answer.config,
    queryKey: categorizationQueries.categorization(envId, moduleId).queryKey,
  });
}

/** A fresh id for a category or a rule (stable: explanations and the testing center refer to it). */
export const newId = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
