/** Every English namespace, in one chunk: the tests (`initI18n`) and callers that need every text at once. */
import { byNamespace } from './by-namespace';

export const texts = byNamespace(import.meta.glob<string>('../resources/en/*.json', { eager: true, query: '?raw', import: 'default' }));
