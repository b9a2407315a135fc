/**
 * The tries of the typo index (typo-index.ts): built at once from a list of words, laid out in
 * pre-order in flat typed arrays, and searched with a bounded Damerau–Levenshtein walk.
 */

export function allowedTypos(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * One trie in pre-order, built at once by `buildTrie`: node i's first child is node i + 1 and
 * its subtree ends at `end[i]`, where its next sibling (if any) starts. A walk therefore reads the
 * arrays forwards, jumping over pruned subtrees — a linked trie grown word by word scatters
 * siblings over tens of MB and spends most of a walk waiting for memory.
 */
export class Trie {
  readonly chars: Uint16Array;
  readonly end: Int32Array;
  readonly wordAt: Int32Array;
  /** Length of the longest word in each node's subtree: a branch whose words are all too short
   * to come within their distance of the query is skipped. */
  readonly longest: Uint16Array;
  readonly maxDepth: number;

  constructor(chars: Uint16Array, end: Int32Array, wordAt: Int32Array, longest: Uint16Array, maxDepth: number) {
    this.chars = chars;
    this.end = end;
    this.wordAt = wordAt;
    this.longest = longest;
    this.maxDepth = maxDepth;
  }

  get memoryBytes(): number {
    return this.chars.byteLength * 2 + this.end.byteLength * 2;
  }

  /** Rows of the walk, one per depth, in one buffer reused across searches. */
  private table = new Int32Array(0);
  private path = new Uint16Array(0);
  private stack = new Int32Array(0);
  private stop = new Int32Array(0);
  private q = new Uint16Array(0);
  private limits = new Int32Array(0);

  /**
   * Bounded walk for words starting with `query[0]`; `extra` edits were already spent. Iterative
   * (an explicit stack of nodes, depth-first in the same order as a recursion), rows in one typed
   * buffer. Besides the row bound, a subtree is skipped when its longest word is too short to come
   * within the distance its words allow (the length difference is a lower bound of the distance).
   *
   * `exact`, `cap`: the cells of columns 0..exact hold 0 and those of columns ..cap at most 1 (a
   * larger value counts as over the bound), so only alignments spending no edit on the query's
   * first `exact` letters and at most one on its first `cap` survive: the levels near the root,
   * where a trie branches most, are walked at distance 0 or 1 (TypoIndex.search says why two such
   * walks find every word within 2).
   */
  walkFrom(query: string, bound: number, extra: number, found: Set<number>, exact = 0, cap = 0): void {
    const m = query.length;
    const width = m + 1;
    const depthCap = Math.min(this.maxDepth, m + bound) + 2;
    const cells = (depthCap + 1) * width;
    if (this.table.length < cells) this.table = new Int32Array(cells * 2);
    if (this.path.length < depthCap + 1) {
      this.path = new Uint16Array((depthCap + 1) * 2);
      this.stack = new Int32Array((depthCap + 1) * 2);
      this.stop = new Int32Array((depthCap + 1) * 2);
    }
    if (this.q.length < m + 1) {
      this.q = new Uint16Array((m + 1) * 2);
      this.limits = new Int32Array((m + 1) * 2);
    }
    const table = this.table;
    const path = this.path;
    const stack = this.stack;
    const stop = this.stop;
    const q = this.q;
    const limits = this.limits;
    const chars = this.chars;
    const end = this.end;
    const wordAt = this.wordAt;
    const longest = this.longest;
    for (let i = 0; i < m; i++) q[i] = query.charCodeAt(i);
    const over = bound + 1;
    for (let j = 0; j <= m; j++) limits[j] = j <= exact && exact > 0 ? 0 : j <= cap && cap > 0 ? 1 : bound;
    for (let j = 0; j <= m; j++) table[j] = j > limits[j]! ? over : j;
    // stack[d] = the node of depth d + 1 being visited; its siblings run up to stop[d].
    let depth = 0;
    let child = 1;
    while (child < end[0]! && chars[child] !== q[0]) child = end[child]!;
    if (child >= end[0]!) return;
    stack[0] = child;
    stop[0] = end[child]!;
    for (;;) {
      child = stack[depth]!;
      if (child >= stop[depth]!) {
        if (depth === 0) return;
        depth -= 1;
        stack[depth] = end[stack[depth]!]!;
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
        table[row] = d <= limits[0]! ? d : over;
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
          if (v > limits[j]!) v = over;
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
      const subtreeEnd = end[child]!;
      if (descend && subtreeEnd > child + 1) {
        depth = d;
        stack[depth] = child + 1;
        stop[depth] = subtreeEnd;
      } else {
        stack[depth] = subtreeEnd;
      }
    }
  }
}

/** Ranges up to this size are ordered by insertion; larger ones by a counting sort. */
const SMALL_RANGE = 24;

/**
 * Builds the pre-order trie of `words` (distinct), `tailReversed`: keyed by the first letter then
 * the others backwards. The keys' letters are copied into one typed buffer and the trie is grown by
 * a radix partition (each level groups its range by the letter at that depth, and groups become
 * children in letter order): no string comparison sort, whose random reads across the heap cost
 * several times more on 100,000s of words.
 */
/**
 * Work arrays shared by the tries built together: each large typed array counts towards the memory
 * outside the heap that makes the garbage collector run a full collection, so they are allocated
 * once for the largest trie (and only the finished tries are copied out at their exact size).
 */
export class Work {
  private readonly int32s = new Map<string, Int32Array>();
  private readonly uint16s = new Map<string, Uint16Array>();

  int32(name: string, n: number): Int32Array {
    let array = this.int32s.get(name);
    if (!array || array.length < n) this.int32s.set(name, (array = new Int32Array(n)));
    return array;
  }

  uint16(name: string, n: number): Uint16Array {
    let array = this.uint16s.get(name);
    if (!array || array.length < n) this.uint16s.set(name, (array = new Uint16Array(n)));
    return array;
  }
}

export function buildTrie(words: string[], ids: number[], tailReversed: boolean, work: Work): Trie {
  const n = ids.length;
  let total = 0;
  let maxDepth = 0;
  for (const id of ids) {
    const length = words[id]!.length;
    total += length;
    if (length > maxDepth) maxDepth = length;
  }
  const letters = work.uint16('letters', total);
  const start = work.int32('start', n);
  const length = work.int32('length', n);
  let at = 0;
  for (let k = 0; k < n; k++) {
    const word = words[ids[k]!]!;
    const len = word.length;
    start[k] = at;
    length[k] = len;
    if (tailReversed && len > 0) {
      letters[at] = word.charCodeAt(0);
      for (let i = 1; i < len; i++) letters[at + i] = word.charCodeAt(len - i);
    } else {
      for (let i = 0; i < len; i++) letters[at + i] = word.charCodeAt(i);
    }
    at += len;
  }
  const order = work.int32('order', n);
  for (let k = 0; k < n; k++) order[k] = k;
  // Counting sort buffers: a count per UTF-16 unit (+1 for "the word ends here"), the distinct
  // letters of a range, and the placed keys.
  const counts = work.int32('counts', 65537); // all zero between uses
  const seen = work.int32('seen', 65537);
  const placed = work.int32('placed', n);
  const chars = work.uint16('chars', total + 1);
  const end = work.int32('end', total + 1);
  const wordAt = work.int32('wordAt', total + 1).fill(-1, 0, total + 1);
  const longest = work.uint16('longest', total + 1).fill(0, 0, total + 1);
  chars[0] = 0;
  let size = 1;
  const letterAt = (k: number, depth: number): number => (depth < length[k]! ? letters[start[k]! + depth]! : -1);

  /** Orders order[lo..hi) by the letter at `depth` (a word ending there first). */
  const partition = (lo: number, hi: number, depth: number): void => {
    if (hi - lo <= SMALL_RANGE) {
      for (let i = lo + 1; i < hi; i++) {
        const k = order[i]!;
        const c = letterAt(k, depth);
        let j = i - 1;
        while (j >= lo && letterAt(order[j]!, depth) > c) {
          order[j + 1] = order[j]!;
          j--;
        }
        order[j + 1] = k;
      }
      return;
    }
    // Counting sort by letter: count, order the distinct letters, place, clear the counts.
    let distinct = 0;
    for (let i = lo; i < hi; i++) {
      const c = letterAt(order[i]!, depth) + 1;
      if (counts[c]!++ === 0) seen[distinct++] = c;
    }
    for (let i = 1; i < distinct; i++) {
      const c = seen[i]!;
      let j = i - 1;
      while (j >= 0 && seen[j]! > c) {
        seen[j + 1] = seen[j]!;
        j--;
      }
      seen[j + 1] = c;
    }
    let offset = lo;
    for (let i = 0; i < distinct; i++) {
      const c = seen[i]!;
      const count = counts[c]!;
      counts[c] = offset;
      offset += count;
    }
    for (let i = lo; i < hi; i++) {
      const k = order[i]!;
      placed[counts[letterAt(k, depth) + 1]!++] = k;
    }
    for (let i = 0; i < distinct; i++) counts[seen[i]!] = 0;
    order.set(placed.subarray(lo, hi), lo);
  };

  // Iterative pre-order growth (a loop the JIT optimises early, where a recursion of 600,000
  // short calls would run long in the interpreter). Frame f: the range [lo, hi) of keys sharing
  // the path of `node` (depth letters), the next group to visit, and the child being grown.
  const frames = maxDepth + 2;
  const fLo = new Int32Array(frames);
  const fHi = new Int32Array(frames);
  const fNode = new Int32Array(frames);
  const fNext = new Int32Array(frames);
  const fChild = new Int32Array(frames);
  let top = -1;
  const open = (lo: number, hi: number, node: number): void => {
    top += 1;
    const depth = top;
    partition(lo, hi, depth);
    let next = lo;
    if (letterAt(order[lo]!, depth) < 0) {
      // The word ending here (words are distinct: at most one).
      wordAt[node] = ids[order[lo]!]!;
      longest[node] = depth;
      next += 1;
    }
    fLo[top] = lo;
    fHi[top] = hi;
    fNode[top] = node;
    fNext[top] = next;
    fChild[top] = -1;
  };
  if (n > 0) open(0, n, 0);
  while (top >= 0) {
    const node = fNode[top]!;
    const grown = fChild[top]!;
    if (grown >= 0) {
      end[grown] = size;
      if (longest[node]! < longest[grown]!) longest[node] = longest[grown]!;
      fChild[top] = -1;
    }
    const i = fNext[top]!;
    const hi = fHi[top]!;
    if (i >= hi) {
      top -= 1;
      continue;
    }
    const depth = top;
    const c = letterAt(order[i]!, depth);
    let j = i + 1;
    while (j < hi && letterAt(order[j]!, depth) === c) j++;
    fNext[top] = j;
    if (j - i === 1) {
      // One word left under this letter (most nodes): the rest of it is a chain.
      const k = order[i]!;
      const len = length[k]!;
      const first = size;
      for (let d = depth; d < len; d++) chars[size++] = letters[start[k]! + d]!;
      for (let x = first; x < size; x++) {
        end[x] = size;
        longest[x] = len;
      }
      wordAt[size - 1] = ids[k]!;
      if (longest[node]! < len) longest[node] = len;
    } else {
      const child = size++;
      chars[child] = c;
      fChild[top] = child;
      open(i, j, child);
    }
  }
  end[0] = size;
  return new Trie(chars.slice(0, size), end.slice(0, size), wordAt.slice(0, size), longest.slice(0, size), maxDepth);
}
