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

/** One trie of words in flat typed arrays, searched with the bounded walk. */
class Trie {
  private chars = new Uint16Array(1024);
  private firstChild = new Int32Array(1024).fill(-1);
  private nextSibling = new Int32Array(1024).fill(-1);
  private wordAt = new Int32Array(1024).fill(-1);
  /** Length of the longest word in each node's subtree: a branch whose words all stay under 9
   * letters is searched with distance 1 only. */
  private longest = new Uint16Array(1024);
  private size = 1;
  private maxDepth = 0;

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

  /** Adds a word under index `index` unless present; returns the index the word has. */
  add(word: string, index: number): number {
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
      this.wordAt[node] = index;
      if (word.length > this.maxDepth) this.maxDepth = word.length;
    }
    return this.wordAt[node]!;
  }

  get memoryBytes(): number {
    return this.chars.byteLength * 2 + this.firstChild.byteLength * 3;
  }

  /** Rows of the walk, one per depth, in one buffer reused across searches. */
  private table = new Int32Array(0);
  private path = new Uint16Array(0);
  private stack = new Int32Array(0);
  private q = new Uint16Array(0);

  /**
   * Bounded walk for words starting with `query[0]`; `extra` edits were already spent. Iterative
   * (an explicit stack of nodes, depth-first in the same order as a recursion), rows in one typed
   * buffer. Besides the row bound, a subtree is skipped when its longest word is too short to come
   * within the distance its words allow (the length difference is a lower bound of the distance).
   */
  walkFrom(query: string, bound: number, extra: number, found: Set<number>): void {
    const m = query.length;
    const width = m + 1;
    const depthCap = Math.min(this.maxDepth, m + bound) + 2;
    const cells = (depthCap + 1) * width;
    if (this.table.length < cells) this.table = new Int32Array(cells * 2);
    if (this.path.length < depthCap + 1) {
      this.path = new Uint16Array((depthCap + 1) * 2);
      this.stack = new Int32Array((depthCap + 1) * 2);
    }
    if (this.q.length < m) this.q = new Uint16Array(m * 2);
    const table = this.table;
    const path = this.path;
    const stack = this.stack;
    const q = this.q;
    const chars = this.chars;
    const firstChild = this.firstChild;
    const nextSibling = this.nextSibling;
    const wordAt = this.wordAt;
    const longest = this.longest;
    for (let i = 0; i < m; i++) q[i] = query.charCodeAt(i);
    const over = bound + 1;
    for (let j = 0; j <= m; j++) table[j] = Math.min(j, over);
    // stack[d] = the child of depth d + 1 being visited (its siblings come next).
    let depth = 0;
    let child = firstChild[0]!;
    while (child >= 0 && chars[child] !== q[0]) child = nextSibling[child]!;
    stack[0] = child;
    for (;;) {
      child = stack[depth]!;
      if (child < 0) {
        if (depth === 0) return;
        depth -= 1;
        const parentChild = stack[depth]!;
        stack[depth] = depth === 0 ? -1 : nextSibling[parentChild]!;
        continue;
      }
      const c = chars[child]!;
      const d = depth + 1;
      let descend = false;
      if (d < depthCap) {
        path[d] = c;
        const row = d * width;
        const prev = row - width;
        const prev2 = row - 2 * width;
        const lo = Math.max(1, d - bound);
        const hi = Math.min(m, d + bound);
        table[row] = d <= bound ? d : over;
        if (lo > 1) table[row + lo - 1] = over;
        let best = table[row]!;
        const before = path[d - 1]!;
        for (let j = lo; j <= hi; j++) {
          const qj = q[j - 1]!;
          let v = table[prev + j - 1]! + (qj === c ? 0 : 1);
          const up = table[prev + j]! + 1;
          if (up < v) v = up;
          const left = table[row + j - 1]! + 1;
          if (left < v) v = left;
          if (d >= 2 && j > 1 && qj === before && q[j - 2] === c) {
            const swap = table[prev2 + j - 2]! + 1;
            if (swap < v) v = swap;
          }
          if (v > over) v = over;
          table[row + j] = v;
          if (v < best) best = v;
        }
        if (hi < m) table[row + hi + 1] = over;
        const word = wordAt[child]!;
        // Cells right of the band are not written (stale from another branch): beyond the band
        // the distance exceeds the bound anyway.
        const last = hi === m ? table[row + m]! : over;
        const distance = last + extra;
        if (word >= 0 && distance > 0 && last <= bound && distance <= allowedTypos(d)) found.add(word);
        const longestHere = longest[child]!;
        const allowedHere = allowedTypos(longestHere) - extra;
        const limit = bound < allowedHere ? bound : allowedHere;
        descend = best <= limit && longestHere + limit >= m;
      }
      if (descend && firstChild[child]! >= 0) {
        depth = d;
        stack[depth] = firstChild[child]!;
      } else {
        stack[depth] = depth === 0 ? -1 : nextSibling[child]!;
      }
    }
  }
}

/**
 * The typo index: words of 5–8 letters (1 typo allowed) and of 9+ letters (2 allowed) in two tries,
 * so that a query only walks the long words' trie at distance 2 — in one trie, nearly every branch
 * near the root leads to some long word and the whole neighbourhood is walked at distance 2.
 */
export class TypoIndex {
  private readonly short = new Trie();
  private readonly long = new Trie();
  readonly words: string[] = [];

  /** Adds a word; returns its index in `words` (the same index for the same word). */
  add(word: string): number {
    const index = (word.length >= 9 ? this.long : this.short).add(word, this.words.length);
    if (index === this.words.length) this.words.push(word);
    return index;
  }

  get memoryBytes(): number {
    return this.short.memoryBytes + this.long.memoryBytes;
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
    // Words of 5–8 letters allow one typo, so the short trie is walked at distance 1 at most; the
    // long one only when the query can be within 2 of a 9-letter word.
    this.short.walkFrom(query, Math.min(bound, 1), 0, found);
    if (query.length >= 7) this.long.walkFrom(query, bound, 0, found);
    if (query.length >= 2 && query[0] !== query[1]) {
      const swapped = query[1]! + query[0]! + query.slice(2);
      this.short.walkFrom(swapped, Math.min(bound - 1, 1), 1, found);
      if (query.length >= 7) this.long.walkFrom(swapped, bound - 1, 1, found);
    }
    return [...found];
  }

}
