/**
 * The hostile inputs of bench:isolation, built in memory: what a tenant or a sender would really
 * submit. Sizes are chosen so that each costs seconds of CPU where it runs today (measured on a 2-core
 * Xeon): enough to show a freeze, bounded so the server comes back.
 */
import { createCanvas } from '@napi-rs/canvas';
import { strToU8, zipSync } from 'fflate';

const SENTENCE = 'Bonjour, je vous écris au sujet de mon contrat habitation et du sinistre déclaré le 12 mars. ';

/** About `bytes` of French prose, in lines of ~96 characters. */
function prose(bytes) {
  return `${SENTENCE.trimEnd()}\r\n`.repeat(Math.ceil(bytes / (SENTENCE.length + 1)));
}

const THREE_MB = 3 * 1024 * 1024;
const bigBody = prose(THREE_MB);

/** A 3 MB plain-text mail (EML); `i` makes each one distinct (the extractor cache keys on content). */
export function bigMail(i) {
  return [
    `From: expediteur${i}@example.com`,
    'To: accueil@example.com',
    `Subject: Long message ${i}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    `Message ${i}.`,
    bigBody,
  ].join('\r\n');
}

const bigHtml = `<html><body>${`<p>${SENTENCE.trim()}</p>\r\n`.repeat(Math.ceil(THREE_MB / (SENTENCE.length + 9)))}</body></html>`;

/** A 3 MB mail whose only body is HTML, as Outlook sends them: its text is the server's to make. */
export function bigHtmlMail(i) {
  return [
    `From: expediteur${i}@example.com`,
    'To: accueil@example.com',
    `Subject: Long message HTML ${i}`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    `<p>Message ${i}.</p>`,
    bigHtml,
  ].join('\r\n');
}

/** A plain mail with one text/plain attachment whose file name the sender chose. */
export function mailWithAttachment(fileName) {
  const boundary = 'bench-boundary';
  return [
    'From: expediteur@example.com',
    'To: accueil@example.com',
    'Subject: Pièce jointe',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Voici le document.',
    `--${boundary}`,
    `Content-Type: text/plain; charset=utf-8; name="${fileName}"`,
    `Content-Disposition: attachment; filename="${fileName}"`,
    '',
    'Contenu de la pièce jointe.',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A plain mail whose body is `text`. */
export function mailWithBody(text) {
  return ['From: expediteur@example.com', 'To: accueil@example.com', 'Subject: Demande', 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', text, ''].join('\r\n');
}

/** A DOCX whose document.xml holds ~3 MB of repeated text: it compresses to a few tens of KB. */
export function inflatingDocx() {
  const paragraph = `<w:p><w:r><w:t xml:space="preserve">${SENTENCE.repeat(10)}</w:t></w:r></w:p>`;
  const body = paragraph.repeat(Math.ceil(THREE_MB / paragraph.length));
  const documentXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  return zipSync(
    {
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(documentXml),
    },
    { level: 9 },
  );
}

/** A PNG picture with lines of `text` in large print, for the OCR to read. */
export function picture(lines) {
  const canvas = createCanvas(1800, 140 * lines.length + 80);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = '64px sans-serif';
  lines.forEach((line, index) => context.fillText(line, 40, 120 + index * 140));
  return canvas.toBuffer('image/png');
}

/**
 * A configuration document of about `chars` characters (never more): the environment's own document with a categorization
 * module whose configuration has many keys (the schema keeps a module's `config` as an open record).
 */
export function bigConfigurationDocument(text, chars) {
  const lines = [];
  // The whole document stays within `chars`: the module's header and the original text count too.
  let size = text.length + 200;
  for (let i = 0; size + 80 < chars; i++) {
    const line = `          cle_${String(i).padStart(7, '0')}: "valeur numéro ${i} de la configuration"`;
    lines.push(line);
    size += line.length + 1;
  }
  const module = ['    - id: bench-big', '      type: categorization', '      name: Gros module', '      config:', '        extra:', ...lines].join('\n');
  return text.replace(/^ {2}modules: \[\]$/m, `  modules:\n${module}`);
}

/** An original-platform NLU export (exportVersion 2): archetypes, one context using them, one server. */
export function nluExport({ context, archetypes }) {
  return {
    nlu: {
      archetypes: archetypes.map(({ name, dict = '', regex = '' }) => ({
        name,
        langs: ['fr'],
        dict_first_is_id: false,
        dict_invariable: true,
        regex_first_is_id: false,
        dict: dict === '' ? [] : [{ lang: 'fr', dictionary: dict }],
        regex: regex === '' ? [] : [{ lang: 'fr', dictionary: regex }],
      })),
      contexts: [
        {
          name: context,
          langs: ['fr'],
          neutralizers: [],
          interactions: [
            {
              id_interaction: 'banc',
              enabled: true,
              ordonned: false,
              descriptor: [{ lang: 'fr', descriptor: ['banc'] }],
              verbose: [{ lang: 'fr', verbose: 'Banc' }],
              parameters: Object.fromEntries(
                archetypes.map(({ name }, index) => [
                  String(index + 1),
                  { id_parameter: `p${index}`, archetype: name, optional: false, multiple: false, position: index, reset_conversation: false, descriptors: [], descriptor_left: '', descriptor_right: '', verbose: name },
                ]),
              ),
              post_processors: [],
            },
          ],
        },
      ],
      servers: [{ name: 'banc', multi_lang: false, defaultLanguage: 'fr', labeling: true, multipleInteractions: true, contexts: [context], responseFormat: 'V5', replicas: 1, version: '5.0' }],
      metadata: { exportVersion: 2 },
    },
  };
}
