/**
 * Search in a PDF's text, on demand: each page's text is read (and kept) only when a search needs
 * it, a few pages per step so the page stays responsive, and a new query cancels the running one.
 */
import { useEffect, useRef, useState } from 'react';

export type PdfSearch = { searched: number; matches: number[] };

export function usePdfSearch(doc: { numPages: number } | undefined, query: string, readText: (pageNumber: number) => Promise<string>): PdfSearch | undefined {
  const texts = useRef(new Map<number, string>());
  const [state, setState] = useState<PdfSearch>();
  const needle = query.trim().toLocaleLowerCase();

  useEffect(() => {
    texts.current = new Map();
  }, [doc]);

  useEffect(() => {
    if (!doc || !needle) {
      setState(undefined);
      return;
    }
    let cancelled = false;
    const matches: number[] = [];
    setState({ searched: 0, matches: [] });
    // A short pause so typing a word does not start one search per letter.
    const timer = setTimeout(async () => {
      for (let number = 1; number <= doc.numPages && !cancelled; number++) {
        let text = texts.current.get(number);
        if (text === undefined) {
          text = (await readText(number).catch(() => '')).toLocaleLowerCase();
          texts.current.set(number, text);
        }
        if (text.includes(needle)) matches.push(number);
        if (!cancelled && (number % 10 === 0 || number === doc.numPages)) setState({ searched: number, matches: [...matches] });
      }
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // readText is a new function on each render; the document and the query decide the search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, needle]);

  return state;
}
