/**
 * The draft of one extraction module's configuration (fields, snippets, tests) and its save with
 * `extraction.save`. The draft is checked as it is typed with the engine's own checks
 * (src/extraction/checks.ts, the ones the server runs at save); a refused save keeps the draft and
 * shows the server's messages.
 */
import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { extractionConfigSchema, saveExtractionSettings, type ExtractionConfig, type ExtractionMessage, type ExtractionSettings } from '../../../contract/extraction';
import { extractionConfigMessages } from '../../../extraction/checks';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { extractionErrorText, refusedMessages } from './messages';
import { extractionQueries } from './queries';

export interface ExtractionEditor {
  draft: ExtractionConfig;
  setDraft: (update: (current: ExtractionConfig) => ExtractionConfig) => void;
  dirty: boolean;
  saving: boolean;
  /** Paths (`fields.2.name`) of values the contract refuses (a name with spaces, an empty pattern). */
  invalid: ReadonlySet<string>;
  messages: ExtractionMessage[];
  save: () => Promise<boolean>;
}

export function useExtractionEditor(envId: string, settings: ExtractionSettings): ExtractionEditor {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<ExtractionConfig>(settings.config);
  const [draft, setDraftState] = useState<ExtractionConfig>(settings.config);
  const [refused, setRefused] = useState<ExtractionMessage[]>([]);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  // The page may first show the configuration restored from the offline cache, then the server's:
  // a newer configuration replaces the draft as long as nothing was typed (React's "adjust state
  // while rendering" pattern).
  const [seen, setSeen] = useState(settings.config);
  if (settings.config !== seen) {
    setSeen(settings.config);
    if (!dirty) {
      setSaved(settings.config);
      setDraftState(settings.config);
    }
  }
  const parsed = useMemo(() => extractionConfigSchema.safeParse(draft), [draft]);
  const invalid = useMemo(() => new Set(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'))), [parsed]);
  const live = useMemo(() => (parsed.success ? extractionConfigMessages(parsed.data) : []), [parsed]);
  const setDraft = useCallback((update: (current: ExtractionConfig) => ExtractionConfig) => {
    setRefused([]);
    setDraftState(update);
  }, []);

  const save = useCallback(async (): Promise<boolean> => {
    if (!parsed.success) return false;
    setSaving(true);
    try {
      const answer = await request(saveExtractionSettings, { params: { envId, moduleId: settings.module.id }, body: { config: parsed.data } });
      setSaved(answer.config);
      setDraftState(answer.config);
      queryClient.setQueryData(extractionQueries.settings(envId, settings.module.id).queryKey, answer);
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      setRefused(refusedMessages(error));
      toast.error({ summary: tr('errors:generic.save.failure'), detail: extractionErrorText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  }, [envId, parsed, queryClient, settings.module.id]);

  return { draft, setDraft, dirty, saving, invalid, messages: refused.length > 0 ? refused : live, save };
}

/** A fresh id for a field or a test. */
export const newId = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
