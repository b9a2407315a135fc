/**
 * Typo tolerance: the dictionary's words in tries kept in flat typed arrays, searched with a
 * bounded Damerau–Levenshtein walk (optimal string alignment: insertion, deletion, substitution,
 * transposition of neighbours). A branch is abandoned as soon as its best row exceeds the allowed
 * distance, so a lookup visits only the trie's neighbourhood of the word. Allowed distance: 1 for
 * words of 5+ letters, 2 for 9+ (measured on the dictionary's word), none below 5 and never for
 * words with digits. The tries and their walk are in typo-trie.ts.
 */
import { buildTrie, Work, type Trie } from './typo-trie';

export { allowedTypos } from './typo-trie';

/**
 * The typo index: words of 5–8 letters (1 typo allowed) and of 9+ letters (2 allowed) in separate
 * tries, so that a query only walks the long words' trie at distance 2 — in one trie, nearly every
 * branch near the root leads to some long word and the whole neighbourhood is walked at distance 2.
 *
 * Distance 2 is still the costly walk: near the root every branch stays within 2. So the long
 * words are kept twice — as written, and with all but the first letter reversed ("contrats" →
 * "cstartno") — and a distance-2 lookup is two walks, each strict on one part of the query. Cut
 * the query into a head and a tail and count each edit in the part where it ends (a swap across the
 * cut in the tail); an alignment of cost ≤ 2 spends h + t ≤ 2, and either h ≤ 1 — found by the
 * forward walk allowing at most 1 edit on the head — or h = 2 and t = 0 — found by the walk of
 * the tail-reversed trie allowing no edit on the tail. Both walks start strict where a trie
 * branches most. (The first letters are equal, so matching them first changes no distance, and an
 * optimal string alignment distance is the same read backwards.)
 *
 * Words are added as the dictionary is compiled; the tries are built at once from all of them
 * (by `build`, which compileNlu calls, or the first search after an addition).
 */
export class TypoIndex {
  readonly words: string[] = [];
  /** Word → index, built by the first `add` (compileNlu knows its words are new: `addNew`). */
  private indexOf: Map<string, number> | null = null;
  private tries: { short: Trie; long: Trie; longTailReversed: Trie } | null = null;

  /** Adds a word; returns its index in `words` (the same index for the same word). */
  add(word: string): number {
    if (!this.indexOf) this.indexOf = new Map(this.words.map((w, i) => [w, i]));
    return this.indexOf.get(word) ?? this.addNew(word);
  }

  /** Adds a word not added before (not checked); returns its index in `words`. */
  addNew(word: string): number {
    const index = this.words.length;
    this.words.push(word);
    this.indexOf?.set(word, index);
    this.tries = null;
    return index;
  }

  /** Builds the tries of the words added so far. */
  build(): void {
    const short: number[] = [];
    const long: number[] = [];
    const words = this.words;
    for (let i = 0; i < words.length; i++) (words[i]!.length < 9 ? short : long).push(i);
    const work = new Work();
    const longTrie = buildTrie(words, long, false, work);
    this.tries = {
      long: longTrie,
      longTailReversed: buildTrie(words, long, true, work),
      short: buildTrie(words, short, false, work),
    };
  }

  get memoryBytes(): number {
    if (!this.tries) this.build();
    const { short, long, longTailReversed } = this.tries!;
    return short.memoryBytes + long.memoryBytes + longTailReversed.memoryBytes;
  }

  /**
   * Indexes of the words within their allowed distance of `query` (the query itself excluded when
   * it is a word: an exact hit is not a typo). Like Lucene's fuzzy prefix, the first letter must be
   * right — except two first letters swapped ("oculaire" for "ocluaire" is found, "xculaire" is
   * not): a first-letter slip is rare, and requiring it cuts the walk about twentyfold on a large
   * dictionary (the bench's 100,000 entries would otherwise spend ~2 ms per misspelt long word).
   */
  search(query: string): number[] {
    const m = query.length;
    const bound = m >= 7 ? 2 : m >= 4 ? 1 : 0;
    if (bound === 0) return [];
    if (!this.tries) this.build();
    const { short, long, longTailReversed } = this.tries!;
    const found = new Set<number>();
    // Words of 5–8 letters allow one typo, so the short trie is walked at distance 1 at most; the
    // long one only when the query can be within 2 of a 9-letter word.
    short.walkFrom(query, Math.min(bound, 1), 0, found);
    if (m >= 7) {
      // Edits ending in columns 1..cut count in the head, the others (a swap across the cut among
      // them) in the tail, which is columns 1..m − cut of the tail-reversed query (its first letter
      // as column 1). Cutting at 3/5 balances the two walks on the bench's dictionary.
      const cut = Math.floor((3 * m) / 5);
      let tail = query[0]!;
      for (let i = m - 1; i > 0; i--) tail += query[i];
      long.walkFrom(query, bound, 0, found, 0, cut);
      longTailReversed.walkFrom(tail, bound, 0, found, m - cut, 0);
    }
    if (m >= 2 && query[0] !== query[1]) {
      const swapped = query[1]! + query[0]! + query.slice(2);
      short.walkFrom(swapped, Math.min(bound - 1, 1), 1, found);
      if (m >= 7) long.walkFrom(swapped, bound - 1, 1, found);
    }
    return [...found];
  }
}
