/** A large mail body or text part read into blocks in a module worker (pipeline/extractor/body-text.ts). */
import { bodyText, type BodySource, type BodyText, type BodyTextOptions } from '../../src/extractor/body-text';

export type BodyTextTask = { kind: 'bodyText'; source: BodySource; options: BodyTextOptions };
export type BodyTextAnswer = BodyText;

export function runBodyText(task: BodyTextTask): Promise<BodyTextAnswer> {
  return bodyText(task.source, task.options);
}
