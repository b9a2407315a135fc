import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDictionary } from './dictionary';
import { checkDictionary, variationsOf } from './index';
import { build, labelsOf } from './test-support/engine';
import { analyseText } from './analyse';
import { tokenize } from './normalise';

describe('dictionary syntax', () => {
  it('reads canonical;variant lines, a trailing ;, empty lines and // comments', () => {
    const parsed = parseDictionary('// a comment\n\nvoiture;auto;automobile;\n  moto  ;\n', 'fr');
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.map((e) => [e.line, e.value, e.expressions.map((x) => x.text)])).toEqual([
      [3, 'voiture', ['voiture', 'auto', 'automobile']],
      [4, 'moto', ['moto']],
    ]);
  });

  it('returns the canonical form for any variant', () => {
    const { engine } = build({ vehicle: 'voiture;auto;automobile' });
    const result = analyseText(engine!, 'Mon automobile est en panne', { language: 'fr', multipleInteractions: true, labeling: true });
    expect(result.labels).toEqual([{ start: 4, end: 14, archetype: 'vehicle', text: 'automobile' }]);
  });

  it('reads the directives on top and refuses unknown ones', () => {
    const parsed = parseDictionary('#SPELLCHECK_OFF\n#VARIATION_OFF\n#ID_ON\n#ALIAS:num=\\d+\n#NOPE\nid1;mot', 'fr');
    expect(parsed.directives).toEqual({ spellcheck: false, variation: false, idOn: true });
    expect(parsed.aliases.get('num')).toBe('\\d+');
    expect(parsed.errors.map((e) => [e.code, e.line])).toEqual([['dictionarySyntax', 5]]);
  });

  it('refuses a directive below the first entry, but a #word entry there is a word', () => {
    const parsed = parseDictionary('mot\n#ID_ON\n#covid', 'fr');
    expect(parsed.errors.map((e) => [e.code, e.line])).toEqual([['dictionarySyntax', 2]]);
    expect(parsed.entries.map((e) => e.value)).toEqual(['mot', '#covid']);
  });

  it('#ID_ON returns the identifier and never matches it', () => {
    const dict = { contract: '#ID_ON\nHAB-01;assurance habitation;multirisque habitation' };
    expect(labelsOf(dict, 'HAB-01')).toEqual([]);
    const { engine } = build(dict);
    const result = analyseText(engine!, 'ma multirisque habitation', {
      language: 'fr', multipleInteractions: true, labeling: true,
    });
    expect(result.labels.map((l) => l.text)).toEqual(['multirisque habitation']);
    expect(parseDictionary('#ID_ON\nseul', 'fr').errors.map((e) => [e.code, e.line])).toEqual([['dictionarySyntax', 2]]);
  });

  it('#VARIATION_OFF matches exact forms only; otherwise inflected forms match', () => {
    expect(labelsOf({ a: 'cheval' }, 'des chevaux')).toEqual(['a:chevaux']);
    expect(labelsOf({ a: '#VARIATION_OFF\ncheval' }, 'des chevaux')).toEqual([]);
    expect(labelsOf({ a: '#VARIATION_OFF\n#SPELLCHECK_OFF\ncontrat' }, 'mes contrats')).toEqual([]);
    expect(labelsOf({ a: '#VARIATION_OFF\ncontrat' }, 'mon Contrat')).toEqual(['a:Contrat']);
  });

  it('#SPELLCHECK_OFF turns typo tolerance off', () => {
    expect(labelsOf({ a: 'sinistre' }, 'un sinistrre')).toEqual(['a:sinistrre']);
    expect(labelsOf({ a: '#SPELLCHECK_OFF\nsinistre' }, 'un sinistrre')).toEqual([]);
  });

  it('#ALIAS names a pattern used as #name# in inline regexes; an unknown alias is an error', () => {
    expect(labelsOf({ ref: '#ALIAS:digits=\\d{6}\n<<CT-#digits#>>' }, 'contrat CT-123456 signé')).toEqual(['ref:CT-123456']);
    const parsed = parseDictionary('<<#nope#>>', 'fr');
    expect(parsed.errors.map((e) => [e.code, e.line, e.params.name])).toEqual([['unknownAlias', 1, 'nope']]);
  });

  it('mixes literal words, [[references]] and <<regexes>> in one expression', () => {
    const dict = {
      artist: 'Daft Punk;Pharrell',
      song: 'Get Lucky',
      credit: '[[song]] feat. [[artist]]',
      policy: 'police n° <<\\d{4,8}>>',
    };
    expect(labelsOf(dict, 'Écoutez Get Lucky feat. Pharrell ce soir')).toEqual(['credit:Get Lucky feat. Pharrell']);
    expect(labelsOf(dict, 'la police n° 123456 expire')).toEqual(['policy:police n° 123456']);
  });

  it('a sole reference gives the sub-archetype value and the archetype path', () => {
    const { engine } = build(
      { number: '<<(?P<n>[A-Z]{2}\\d{6})>>', contract: '[[number]]' },
      { contexts: [{ name: 'c', languages: [], neutralizers: [], interactions: [{ id: 'i', enabled: true, ordered: false, distance: -1, functions: [], parameters: [{ name: 'c', archetype: 'contract', position: 1, optional: false, multiple: false, resetConversation: false }] }] }] },
    );
    const result = analyseText(engine!, 'contrat AB123456', { language: 'fr', multipleInteractions: true, labeling: false });
    expect(result.interactions[0]!.parameters.c).toEqual([
      { value: 'AB123456', text: 'AB123456', start: 8, end: 16, archetype: 'contract', path: ['contract', 'number'], parents: [] },
    ]);
  });

  it('->id;label lines declare child values that come back with their parents', () => {
    const dict = { vehicle: '#ID_ON\nauto;voiture\n->auto-pro;voiture de société\n-->auto-pro-ev;voiture de société électrique\nmoto;moto' };
    const { engine } = build(dict, {
      contexts: [{ name: 'c', languages: [], neutralizers: [], interactions: [{ id: 'i', enabled: true, ordered: false, distance: -1, functions: [], parameters: [{ name: 'v', archetype: 'vehicle', position: 1, optional: false, multiple: true, resetConversation: false }] }] }],
    });
    const result = analyseText(engine!, 'une voiture de société électrique et une voiture', { language: 'fr', multipleInteractions: true, labeling: false });
    expect(result.interactions[0]!.parameters.v!.map((v) => [v.value, v.parents])).toEqual([
      ['auto-pro-ev', [{ id: 'auto-pro', label: 'voiture de société' }, { id: 'auto', label: 'voiture' }]],
      ['auto', []],
    ]);
    expect(parseDictionary('->orphan;x', 'fr').errors.map((e) => [e.code, e.line])).toEqual([['dictionarySyntax', 1]]);
  });

  it('reports unclosed references and regexes with their line', () => {
    const parsed = parseDictionary('ok\n[[open\n<<\\d+', 'fr');
    expect(parsed.errors.map((e) => [e.code, e.line])).toEqual([['dictionarySyntax', 2], ['dictionarySyntax', 3]]);
  });
});

describe('configuration errors', () => {
  it('unknown references are reported with the archetype and line, and the rest compiles', () => {
    const { engine, errors } = build({ a: 'bonjour\n[[ghost]] x' });
    expect(errors.map((e) => [e.code, e.archetype, e.line, e.params.name])).toEqual([['unknownArchetype', 'a', 2, 'ghost']]);
    expect(analyseText(engine!, 'bonjour', { language: 'fr', multipleInteractions: true, labeling: true }).labels).toHaveLength(1);
  });

  it('reference cycles are refused with the cycle and line', () => {
    const { errors } = build({ a: 'x [[b]]', b: 'y\nz [[a]]' });
    expect(errors.map((e) => [e.code, e.archetype, e.line, e.params.cycle])).toEqual([['archetypeCycle', 'b', 2, 'a → b → a']]);
  });

  it('bad and unsupported regexes carry their line', () => {
    const { errors } = build({ a: 'ok\n<<(a+)+(?=b)>>\n<<[a-z>>\n<<a*+>>\n<<(?(1)a|b)>>' });
    expect(errors.map((e) => [e.code, e.line])).toEqual([
      ['unsupportedRegex', 2],
      ['regexSyntax', 3],
      // Line 4's possessive quantifier is read (regex.test.ts); line 5's conditional cannot be.
      ['unsupportedRegex', 5],
    ]);
  });

  it('checkDictionary gives the editor every error, unknown references included', () => {
    const errors = checkDictionary('ok\n[[known]] [[@date]]\n[[unknown]]\n<<(?|x)>>\n<<(?>x)>>', 'fr', ['known']);
    expect(errors.map((e) => [e.code, e.line])).toEqual([['unknownArchetype', 3], ['unsupportedRegex', 4]]);
  });
});

describe('variationsOf', () => {
  it('gives the folded form, the stem and the typo tolerance', () => {
    expect(variationsOf('Résiliations', 'fr')).toEqual({
      form: 'resiliations', inflection: 'stem', stem: 'resili', typos: 2, typoExamples: ['resilitions', 'resilaitions', 'resiliaations'],
    });
    expect(variationsOf('chat', 'fr')).toEqual({ form: 'chat', inflection: 'stem', stem: 'chat', typos: 0, typoExamples: [] });
    expect(variationsOf('kot', 'pl')).toEqual({ form: 'kot', inflection: 'none', stem: null, typos: 0, typoExamples: [] });
    expect(variationsOf('contrat', 'fr', { variation: false, spellcheck: false })).toEqual({ form: 'contrat', inflection: 'off', stem: null, typos: 0, typoExamples: [] });
    expect(variationsOf('  ', 'fr')).toBeNull();
  });
});

describe('dictionary words', () => {
  // Plain items (letters and spaces) skip the tokenizer: they must give exactly its words.
  it('are the words tokenize finds, whatever the item holds', () => {
    const char = fc.constantFrom('a', 'Z', 'é', 'Ç', 'ß', 'ª', 'µ', 'K', 'ǆ', '1', ' ', '  ', "'", '’', '-', '.', 'l', 'd');
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 20 }).map((c) => c.join('')), (item) => {
        const parsed = parseDictionary(item.replace(/;/g, ''), 'fr');
        const words = parsed.entries.flatMap((e) => e.expressions.flatMap((x) => x.elements.map((el) => (el.kind === 'word' ? el.folded : '?'))));
        const expected = item.split(';').flatMap((part) => (part.trim() === '' ? [] : tokenize(part.trim(), 'fr').map((t) => t.folded)));
        expect(words).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
