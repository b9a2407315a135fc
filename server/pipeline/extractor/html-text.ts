/** The shared HTML → text converter lives with the parsers (src/parsing), so the viewer reads pages the same way. */
export { hasImages, htmlToText } from '../../../src/parsing/html-text';
