/**
 * Why the graph has no layout, in the reader's language: our deadline by its own sentence, the
 * layout library's error only as that library's message, labelled (docs/development/messages.md, "Messages d'échec").
 */
import type { LayoutFailure } from './layout-worker-protocol';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function layoutFailureText(t: Translate, failure: LayoutFailure): string {
  switch (failure.reason) {
    case 'timeout':
      return t('configurationGraph:layout.timedOut', { seconds: failure.seconds });
    case 'aborted':
      return t('configurationGraph:layout.aborted');
    case 'engine':
      return t('configurationGraph:layout.failed', { message: failure.message });
  }
}
