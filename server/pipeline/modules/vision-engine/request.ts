/**
 * The chat request of the vision engine (OpenAI chat completions): a system message that says what
 * to answer for the module's type (with the configured categories or fields and their
 * descriptions), then one user message holding the module's prompt, each document's text and its
 * pages as images, and the JSON schema built from the settings (contract: `visionJsonSchema`).
 * Reading the answer back: `readVisionAnswer` (the contract's zod schema; strict types refuse keys
 * that are not configured).
 */
import {
  visionAnswerSchema,
  visionJsonSchema,
  type VisionEngineConfig,
  type VisionEngineResult,
} from '../../../../src/contract/modules/vision-engine';
import type { ChatMessage, ChatPart, ChatRequest } from '../../../llm/chat';
import { reason } from '../../../../src/contract/failure-reasons';
import type { NestedText } from '../../../../src/contract/pipeline-messages';
import type { VisionInput } from './pages';

const describe = (items: readonly { name: string; description: string }[]) =>
  items.map((item) => `- ${item.name}${item.description ? `: ${item.description}` : ''}`).join('\n');

function instructions(config: VisionEngineConfig): string {
  const categories = describe(config.categories.map((category) => ({ name: category.key, description: category.description })));
  const fields = describe(config.extractionFields.map((field) => ({ name: field.field, description: field.description })));
  const head = 'You read business documents: the images are their pages, the texts what was extracted from them. Answer only with JSON matching the given schema.';
  switch (config.type) {
    case 'strict_classification':
      return `${head}\nGive the categories the documents belong to, using only these keys (an empty list when none applies), and explain briefly why:\n${categories}`;
    case 'strict_extraction':
      return `${head}\nGive the value of each of these fields as written in the documents, or null when it is not there:\n${fields}`;
    case 'custom':
      return [
        `${head}\nFollow the instructions of the user; put your answer in "answer".`,
        categories ? `When a category applies, give its key in "categories":\n${categories}` : 'Leave "categories" empty unless the instructions ask for categories.',
        fields ? `Give these fields in "fields" (null when absent):\n${fields}` : '',
      ]
        .filter(Boolean)
        .join('\n');
  }
}

export function visionChatRequest(config: VisionEngineConfig, input: VisionInput): ChatRequest {
  const parts: ChatPart[] = [];
  if (config.prompt.trim() !== '') parts.push({ type: 'text', text: config.prompt.trim() });
  // eslint-disable-next-line no-restricted-syntax -- a prompt part for the language model, never shown to people
  for (const text of input.texts) parts.push({ type: 'text', text: `Text of "${text.document}":\n${text.text}` });
  for (const image of input.images) {
    parts.push({ type: 'text', text: image.page === null ? `Picture "${image.document}":` : `"${image.document}", page ${image.page}:` });
    parts.push({ type: 'image_url', image_url: { url: image.dataUrl, detail: 'high' } });
  }
  // eslint-disable-next-line no-restricted-syntax -- a prompt part for the language model, never shown to people
  if (parts.length === 0) parts.push({ type: 'text', text: 'The analysis holds no readable document.' });
  const messages: ChatMessage[] = [
    { role: 'system', content: instructions(config) },
    { role: 'user', content: parts },
  ];
  return { messages, jsonSchema: visionJsonSchema(config) };
}

export type VisionAnswer = { ok: true; value: Pick<VisionEngineResult, 'categories' | 'fields' | 'quotes' | 'answer'> } | { ok: false; message: string; reason: NestedText };

/** The model's text → the result's values, or why it is not a valid answer for these settings. */
export function readVisionAnswer(config: VisionEngineConfig, text: string): VisionAnswer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: `the answer is not JSON: ${text.slice(0, 120)}`, reason: reason('reason.notJson', text.slice(0, 120)) };
  }
  const parsed = visionAnswerSchema(config).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    const keys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
    return { ok: false, message: `the answer does not match the settings: ${where}${issue.message}${keys}`, reason: reason('reason.notMatchingSchema', `${where}${issue.message}${keys}`) };
  }
  const value = parsed.data as { categories?: string[]; fields?: Record<string, string | null>; quotes?: Record<string, string | null>; explanation?: string; answer?: string };
  const fields = value.fields ?? {};
  // A quote is kept for a field the answer gave a value to: words behind nothing mark nothing.
  const quotes = Object.fromEntries(Object.entries(value.quotes ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '' && typeof fields[entry[0]] === 'string'));
  return {
    ok: true,
    value: {
      categories: [...new Set(value.categories ?? [])],
      fields,
      ...(Object.keys(quotes).length > 0 ? { quotes } : {}),
      answer: value.answer ?? value.explanation ?? null,
    },
  };
}
