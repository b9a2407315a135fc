/**
 * The language model an "LLM prompt" reply template asks: the prompt as one user message, the answer
 * as the draft. Placeholder until the chat client lands on main (server/llm/): no model configured.
 */
export type AskModel = (prompt: string, maxTokens: number) => Promise<{ ok: true; text: string; model: string } | { ok: false; code: string; message: string }>;

export function askLanguageModel(): AskModel | null {
  return null;
}
