/**
 * Typo tolerance: the dictionary's words in a trie kept in flat typed arrays (100,000 words build
 * in well under a second and take a few MB), searched with a bounded Damerau–Levenshtein walk
 * (optimal string alignment: insertion, deletion, substitution, transposition of neighbours).
 * A branch is abandoned as soon as its best row exceeds the allowed distance, so a lookup visits
 * only the trie's neighbourhood of the word. Allowed distance: 1 for words of 5+ letters, 2 for
 * 9+ (measured on the dictionary's word), none below 5 and never for words with digits.
 */

export function allowedTypos(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

export class TypoIndex {
  private chars = new Uint16Array(1024);
  private firstChild = new Int32Array(1024).fill(-1);
  private nextSibling = new Int32Array(1024).fill(-1);
  private wordAt = new Int32Array(1024).fill(-1);
  /** Length of the longest word in each node's subtree: a branch whose words all stay under 9
   * letters is searched with distance 1 only. */
  private longest = new Uint16Array(1024);
  private size = 1;
  private maxDepth = 0;
  readonly words: string[] = [];

  private grow(): void {
    const capacity = this.chars.length * 2;
    const grown = <T extends Uint16Array | Int32Array>(array: T, fill: number): T => {
      const next = new (array.constructor as new (n: number) => T)(capacity);
      next.fill(fill);
      next.set(array);
      return next;
    };
    this.chars = grown(this.chars, 0);
    this.firstChild = grown(this.firstChild, -1);
    this.nextSibling = grown(this.nextSibling, -1);
    this.wordAt = grown(this.wordAt, -1);
    this.longest = grown(this.longest, 0);
  }

  /** Adds a word; returns its index in `words` (the same index for the same word). */
  add(word: string): number {
    let node = 0;
    if (this.longest[0]! < word.length) this.longest[0] = word.length;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      let child = this.firstChild[node]!;
      while (child >= 0 && this.chars[child] !== code) child = this.nextSibling[child]!;
      if (child < 0) {
        if (this.size >= this.chars.length) this.grow();
        child = this.size++;
        this.chars[child] = code;
        this.nextSibling[child] = this.firstChild[node]!;
        this.firstChild[node] = child;
      }
      node = child;
      if (this.longest[node]! < word.length) this.longest[node] = word.length;
    }
    if (this.wordAt[node]! < 0) {
      this.wordAt[node] = this.words.length;
      this.words.push(word);
      if (word.length > this.maxDepth) this.maxDepth = word.length;
    }
    return this.wordAt[node]!;
  }

  get memoryBytes(): number {
    return this.chars.byteLength * 2 + this.firstChild.byteLength * 3;
  }

  /**
   * Indexes of the words within their allowed distance of `query` (the query itself excluded when
   * it is a word: an exact hit is not a typo). Like Lucene's fuzzy prefix, the first letter must be
   * right — except two first letters swapped ("oculaire" for "ocluaire" is found, "xculaire" is
   * not): a first-letter slip is rare, and requiring it cuts the walk about twentyfold on a large
   * dictionary (the bench's 100,000 entries would otherwise spend ~2 ms per misspelt long word).
   */
  search(query: string): number[] {
    const bound = query.length >= 7 ? 2 : query.length >= 4 ? 1 : 0;
    if (bound === 0) return [];
    const found = new Set<number>();
    this.walkFrom(query, bound, 0, found);
    if (query.length >= 2 && query[0] !== query[1]) {
      this.walkFrom(query[1]! + query[0]! + query.slice(2), bound - 1, 1, found);
    }
    return [...found];
  }

  /** Bounded walk for words starting with `query[0]`; `extra` edits were already spent. */
  private walkFrom(query: string, bound: number, extra: number, found: Set<number>): void {
    const m = query.length;
    const rows: Int32Array[] = [];
    for (let d = 0; d <= Math.min(this.maxDepth, m + bound) + 1; d++) rows.push(new Int32Array(m + 1));
    const q = new Uint16Array(m);
    for (let i = 0; i < m; i++) q[i] = query.charCodeAt(i);
    for (let j = 0; j <= m; j++) rows[0]![j] = Math.min(j, bound + 1);
    const path = new Uint16Array(rows.length);
    const walk = (node: number, depth: number): void => {
      for (let child = this.firstChild[node]!; child >= 0; child = this.nextSibling[child]!) {
        const c = this.chars[child]!;
        if (depth === 0 && c !== q[0]) continue;
        const d = depth + 1;
        if (d >= rows.length) continue;
        path[d] = c;
        const row = rows[d]!;
        const prev = rows[d - 1]!;
        const prev2 = d >= 2 ? rows[d - 2]! : null;
        // Only the diagonal band |j − d| ≤ bound can stay within the bound; cells outside it are
        // set just above the bound so that neighbours read a value that prunes.
        const over = bound + 1;
        const lo = Math.max(1, d - bound);
        const hi = Math.min(m, d + bound);
        row[0] = d <= bound ? d : over;
        if (lo > 1) row[lo - 1] = over;
        let best = row[0]!;
        for (let j = lo; j <= hi; j++) {
          const cost = q[j - 1] === c ? 0 : 1;
          let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
          if (prev2 && j > 1 && q[j - 1] === path[d - 1] && q[j - 2] === c) v = Math.min(v, prev2[j - 2]! + 1);
          if (v > over) v = over;
          row[j] = v;
          if (v < best) best = v;
        }
        if (hi < m) row[hi + 1] = over;
        const word = this.wordAt[child]!;
        const distance = row[m]! + extra;
        if (word >= 0 && distance > 0 && row[m]! <= bound && distance <= allowedTypos(d)) found.add(word);
        if (best <= Math.min(bound, allowedTypos(this.longest[child]!) - extra)) walk(child, d);
      }
    };
    walk(0, 0);
  }
}
