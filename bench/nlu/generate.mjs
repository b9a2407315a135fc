/** Deterministic dictionary and texts for the NLU bench (seeded, so runs compare). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONSONANTS = ['b', 'c', 'd', 'f', 'g', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'ch', 'tr', 'br', 'pl', 'gr', 'cl', 'st', 'fr', 'pr', 'dr', 'sp'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'é', 'è', 'ou', 'ai', 'an', 'on', 'in', 'eu', 'oi', 'au', 'ien'];
/** Filler (words not in the dictionary) is made of other letters, as most of a text's words are
 * far from a dictionary's words: a text made of near-misses would measure only the typo search. */
const FILLER_CONSONANTS = ['k', 'w', 'z', 'h', 'j', 'x', 'kr', 'zw', 'hj'];
const FILLER_VOWELS = ['y', 'a', 'o', 'ey', 'u'];

function word(random, syllables, consonants = CONSONANTS, vowels = VOWELS) {
  let w = '';
  for (let i = 0; i < syllables; i++) {
    w += consonants[Math.floor(random() * consonants.length)] + vowels[Math.floor(random() * vowels.length)];
  }
  return w;
}

/** One letter changed, dropped or two swapped: a typo the engine should forgive (words of 5+). */
export function typo(random, w) {
  if (w.length < 5) return w;
  const i = 1 + Math.floor(random() * (w.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0) return w.slice(0, i) + w.slice(i + 1);
  if (kind === 1) return w.slice(0, i - 1) + w[i] + w[i - 1] + w.slice(i + 1);
  return w.slice(0, i) + 'x' + w.slice(i + 1);
}

/**
 * `entries` dictionary lines `canonical;variant` spread over `archetypes` archetypes, each item one
 * or two words of 2–4 syllables; plus filler words that are not in the dictionary.
 */
export function generateDictionary(entries, archetypes, seed = 12) {
  const random = rng(seed);
  const seen = new Set();
  const expression = () => {
    for (;;) {
      const words = Array.from({ length: random() < 0.6 ? 1 : 2 }, () => word(random, 2 + Math.floor(random() * 3)));
      const text = words.join(' ');
      if (!seen.has(text)) {
        seen.add(text);
        return text;
      }
    }
  };
  const lines = Array.from({ length: archetypes }, () => []);
  for (let i = 0; i < entries; i++) lines[i % archetypes].push([expression(), expression()]);
  const filler = [];
  while (filler.length < 3000) {
    const w = word(random, 1 + Math.floor(random() * 3), FILLER_CONSONANTS, FILLER_VOWELS);
    if (!seen.has(w)) filler.push(w);
  }
  return { lines, filler };
}

/** Blocks of ~`size` characters: 30 % dictionary expressions (a tenth with a typo), 70 % filler. */
export function generateTexts(dictionary, blocks, size, seed = 34) {
  const random = rng(seed);
  const all = dictionary.lines.flat().flat();
  const out = [];
  for (let b = 0; b < blocks; b++) {
    let text = '';
    while (text.length < size) {
      let piece;
      if (random() < 0.3) {
        piece = all[Math.floor(random() * all.length)];
        if (random() < 0.1) piece = piece.split(' ').map((w) => typo(random, w)).join(' ');
      } else piece = dictionary.filler[Math.floor(random() * dictionary.filler.length)];
      if (random() < 0.2) piece = piece[0].toUpperCase() + piece.slice(1);
      text += piece + (random() < 0.08 ? '. ' : random() < 0.05 ? ', ' : ' ');
    }
    out.push(text.slice(0, size));
  }
  return out;
}
