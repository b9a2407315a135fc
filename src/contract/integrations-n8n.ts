/**
 * The workflow-automation connector (n8n; spec §2.2 integrations/external, §8 connector delete
 * error): the admin gives the n8n instance's address and an API key (n8n: Settings → n8n API) on the
 * integrations/external page; the platform then creates its own workflow there — a Webhook trigger,
 * tagged `postroom` — and posts each finished analysis's mapped values to it, where the customer's
 * automation goes on. Deleting the connector deletes that workflow too, so it is refused until
 * someone adds the `Delete` tag to the workflow in n8n (§8), a deliberate act on their side.
 */
import { z } from 'zod';

export const n8nSettingsSchema = z.object({
  /** The n8n instance: https://n8n.example.com */
  baseUrl: z.url({ protocol: /^https?$/ }),
});
export type N8nSettings = z.infer<typeof n8nSettingsSchema>;

/** The tag the platform puts on its workflows, and the one that allows deleting them. */
export const N8N_TAG = 'postroom';
export const N8N_DELETE_TAG = 'Delete';

/** The values posted to the workflow, by name; custom fields add to these. */
export const N8N_FIELDS = ['categories', 'attachmentCategories', 'extracted', 'draft'] as const;
