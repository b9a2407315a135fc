/** The plain text of one PDF page from pdf.js's text content (shared by the parser and the viewer's search). */
type TextItem = { str?: string; hasEOL?: boolean };

export function pageTextOf(content: { items: readonly unknown[] }): string {
  let text = '';
  for (const item of content.items as TextItem[]) {
    if (typeof item.str !== 'string') continue;
    text += item.str + (item.hasEOL ? '\n' : '');
  }
  return text.trim();
}
