/**
 * Search hits drawn over a PDF page: in pdf.js's text layer (transparent text over the canvas), the
 * parts of each text run that match the query are wrapped in pdf.js's own `highlight` spans (its
 * viewer stylesheet colours them). A run's text is kept in `data-text` so a new query starts from
 * the original text. A match split across two runs (a line break inside the words) is not marked;
 * the page is still listed by the search, which reads the page's whole text.
 */
export function highlightMatches(textLayer: HTMLElement, query: string): number {
  const needle = query.trim().toLocaleLowerCase();
  let count = 0;
  for (const run of textLayer.querySelectorAll<HTMLElement>('span[role="presentation"]')) {
    if (run.querySelector('span:not(.highlight)')) continue;
    const text = (run.dataset.text ??= run.textContent ?? '');
    const lower = text.toLocaleLowerCase();
    // Lower-casing can change a string's length (rare letters): then positions are not comparable.
    if (!needle || lower.length !== text.length || !lower.includes(needle)) {
      if (run.childElementCount > 0) run.textContent = text;
      continue;
    }
    const parts: Node[] = [];
    let from = 0;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
      if (at > from) parts.push(document.createTextNode(text.slice(from, at)));
      const hit = document.createElement('span');
      hit.className = 'highlight';
      hit.textContent = text.slice(at, at + needle.length);
      parts.push(hit);
      from = at + needle.length;
      count++;
    }
    if (from < text.length) parts.push(document.createTextNode(text.slice(from)));
    run.replaceChildren(...parts);
  }
  return count;
}

/** The number of the page shown at the top third of the scrolling box (the one being read). */
export function pageInView(box: HTMLElement): number | undefined {
  const line = box.getBoundingClientRect().top + box.clientHeight / 3;
  let current: number | undefined;
  for (const page of box.querySelectorAll<HTMLElement>('[data-page]')) {
    if (page.getBoundingClientRect().top > line) break;
    current = Number(page.dataset.page);
  }
  return current;
}
