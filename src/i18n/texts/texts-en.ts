/** Every English namespace, in one chunk: loaded after the login page's first paint, or before any other page. */
import { byNamespace } from './by-namespace';

export const texts = byNamespace(import.meta.glob<string>('../resources/en/*.json', { eager: true, query: '?raw', import: 'default' }));
