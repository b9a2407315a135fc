/**
 * Words marked over a PDF page: evidence the page's words fed (a class and data attributes given by
 * the caller, so choosing them says what they fed) and the search query's hits (pdf.js's own
 * `highlight` spans, coloured by its viewer stylesheet). Both live in pdf.js's text layer
 * (transparent text over the canvas): the parts of each text run that match are wrapped, a run's
 * text kept in `data-text` so a new query starts from the original text. Words split across two runs
 * (a line break inside them) are not marked; the search still lists the page, reading its whole text.
 */
export interface PdfMark {
  words: string;
  className: string;
  data: Readonly<Record<string, string>>;
}

interface Hit {
  start: number;
  end: number;
  make: (text: string) => HTMLElement;
}

function hitsOf(lower: string, needle: string, make: Hit['make']): Hit[] {
  const hits: Hit[] = [];
  if (!needle) return hits;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) hits.push({ start: at, end: at + needle.length, make });
  return hits;
}

/** Marks every run of the text layer; answers the number of search hits. */
export function highlightMatches(textLayer: HTMLElement, query: string, marks: readonly PdfMark[] = []): number {
  const needle = query.trim().toLocaleLowerCase();
  const searchHit = (text: string) => {
    const hit = document.createElement('span');
    hit.className = 'highlight';
    hit.textContent = text;
    return hit;
  };
  const markMakers = marks.map((mark) => ({
    needle: mark.words.trim().toLocaleLowerCase(),
    make: (text: string) => {
      const element = document.createElement('mark');
      element.className = mark.className;
      Object.assign(element.dataset, mark.data);
      element.textContent = text;
      return element;
    },
  }));
  let count = 0;
  for (const run of textLayer.querySelectorAll<HTMLElement>('span[role="presentation"]')) {
    if (run.querySelector('span:not(.highlight)')) continue;
    const text = (run.dataset.text ??= run.textContent ?? '');
    const lower = text.toLocaleLowerCase();
    // Lower-casing can change a string's length (rare letters): then positions are not comparable.
    const comparable = lower.length === text.length;
    const searched = comparable ? hitsOf(lower, needle, searchHit) : [];
    const found = comparable ? [...markMakers.flatMap((mark) => hitsOf(lower, mark.needle, mark.make)), ...searched] : [];
    count += searched.length;
    if (found.length === 0) {
      if (run.childElementCount > 0) run.textContent = text;
      continue;
    }
    // Evidence first, then search hits, each kept where nothing kept overlaps it.
    const kept: Hit[] = [];
    for (const hit of found) if (!kept.some((other) => hit.start < other.end && other.start < hit.end)) kept.push(hit);
    kept.sort((a, b) => a.start - b.start);
    const parts: Node[] = [];
    let from = 0;
    for (const hit of kept) {
      if (hit.start > from) parts.push(document.createTextNode(text.slice(from, hit.start)));
      parts.push(hit.make(text.slice(hit.start, hit.end)));
      from = hit.end;
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
