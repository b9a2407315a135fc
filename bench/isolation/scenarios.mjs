/**
 * The hostile inputs, each submitted as a tenant would: through the API, into an environment whose
 * pipeline has the module concerned. `setup` (not timed) makes the environment; `act` (timed, with
 * the latency probe running) saves the hostile configuration and submits the input, then waits for
 * the result until `deadline`. A 4xx from the server is a valid outcome: "refused (code)".
 */
import { randomBytes } from 'node:crypto';
import { generateDictionary } from '../nlu/generate.mjs';
import { call } from './server-control.mjs';
import { bigConfigurationDocument, bigHtmlMail, bigMail, inflatingDocx, mailWithAttachment, mailWithBody, nluExport, picture } from './inputs.mjs';

const API = '/v4/console/api';
/** CONFIGURATION_DOCUMENT_MAX_CHARS (src/contract/configuration-document.ts): the largest document accepted. */
const DOCUMENT_CHARS = 2 * 1024 * 1024;
const left = (deadline) => Math.max(1, deadline - Date.now());

const module = (id, type, extra = {}) => ({ id, type, name: id, inputType: null, context: null, active: true, requiredTaints: [], config: {}, ...extra });

/** "refused (422 code)" for a 4xx, "failed (…)" for a 5xx or no answer, null when it went through. */
export function refusal(answer) {
  if (answer.status >= 200 && answer.status < 300) return null;
  const code = typeof answer.data === 'object' && answer.data !== null ? (answer.data.code ?? '') : '';
  if (answer.status >= 400 && answer.status < 500) {
    // The first configuration message names what was refused (configurationInvalid and the like).
    const message = answer.data?.messages?.[0]?.code ?? answer.data?.problems?.[0]?.code;
    return `refused (${answer.status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''})`;
  }
  return `failed (${answer.status === 0 ? answer.data : answer.status}${code ? ` ${code}` : ''})`;
}

async function createEnvironment(ctx, projectId, name) {
  const answer = await call(ctx.server, 'POST', `${API}/project/${projectId}/environments`, { token: ctx.token, json: { name, visibility: 'public', source: { kind: 'scratch' } } });
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`creating environment ${name}: ${answer.status} ${JSON.stringify(answer.data)}`);
  return answer.data.id;
}

/** Saves the environment's modules (and settings changes) through the settings endpoint. */
async function saveModules(ctx, envId, modules, deadline, tweak = (settings) => settings) {
  const current = await call(ctx.server, 'GET', `${API}/environment/${envId}/settings`, { token: ctx.token, timeoutMs: left(deadline) });
  if (current.status !== 200) return current;
  const { name, visibility, priority, settings } = current.data;
  return call(ctx.server, 'PUT', `${API}/environment/${envId}/settings`, {
    token: ctx.token,
    json: { name, visibility, priority, settings: tweak({ ...settings, modules }) },
    timeoutMs: left(deadline),
  });
}

export async function submit(ctx, envId, name, content, deadline) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return call(ctx.server, 'POST', `${API}/environment/${envId}/analyses`, { token: ctx.token, form, timeoutMs: left(deadline) });
}

/** Polls the analysis until it leaves the queue; its status and modules' outcomes, or "still …". */
export async function settled(ctx, envId, id, deadline) {
  let last = 'waiting';
  while (Date.now() < deadline) {
    const answer = await call(ctx.server, 'GET', `${API}/environment/${envId}/analyses/${id}`, { token: ctx.token, timeoutMs: left(deadline) });
    if (answer.status === 200) {
      last = answer.data.status;
      if (!['waiting', 'pending'].includes(last)) {
        const modules = (answer.data.modules ?? []).map((entry) => `${entry.type} ${entry.outcome}`).join(', ');
        return `analysis ${last} (${modules})`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return `analysis still ${last} at the time cap`;
}

/** Submits one file and waits for its analysis. */
async function analyse(ctx, envId, name, content, deadline) {
  const created = await submit(ctx, envId, name, content, deadline);
  const refused = refusal(created);
  if (refused) return `upload ${refused}`;
  return settled(ctx, envId, created.data.id, deadline);
}

const extractorThen = (middle, extra) => [module('extracteur', 'extractor'), ...middle, module('sortie', 'output', extra)];

/**
 * Categorization needs an NLU server in the environment: an environment of the NLU project with a
 * one-word dictionary, its context and its server, imported before the hostile configuration.
 */
async function categorizationEnvironment(ctx, name) {
  const envId = await createEnvironment(ctx, 'demo-nlu', name);
  const imported = await call(ctx.server, 'POST', `${API}/environment/${envId}/nlu/import`, {
    token: ctx.token,
    json: nluExport({ context: 'banc', archetypes: [{ name: 'mot', dict: 'bonjour' }] }),
  });
  if (imported.status !== 200) throw new Error(`NLU import: ${imported.status} ${JSON.stringify(imported.data)}`);
  return envId;
}
const withNlu = (categorization) => extractorThen([module('nlu', 'nlu', { context: 'banc' }), categorization]);

export const SCENARIOS = [
  {
    label: 'Liquid where_exp over (1..5000), n² (advanced categorization)',
    setup: (ctx) => categorizationEnvironment(ctx, 'Banc Liquid'),
    async act(ctx, envId, deadline) {
      // `all contains x` walks the whole array for each of the 5 000 items, inside ONE filter call:
      // liquidjs checks its time limit between nodes, not inside a filter.
      const program = '{% assign all = (1..5000) | where_exp: "x", "x > 0" %}{% assign kept = all | where_exp: "x", "all contains x" %}{{ kept | size }}';
      const saved = await saveModules(ctx, envId, withNlu(module('categorisation', 'categorization', { config: { categories: [], advanced: { enabled: true, program } } })), deadline);
      const refused = refusal(saved);
      if (refused) return `settings ${refused}`;
      return analyse(ctx, envId, 'demande.eml', mailWithBody('Bonjour, merci de traiter ma demande.'), deadline);
    },
  },
  {
    label: 'NLU inline regex with stacked quantifiers a*a*a*a*a*c',
    setup: (ctx) => createEnvironment(ctx, 'demo-nlu', 'Banc regex'),
    async act(ctx, envId, deadline) {
      // `(a+)+$` itself is refused by the dictionary compiler (nested quantifier); stacked quantifiers
      // are not, and backtrack polynomially (n⁵ here) over the matcher's window.
      const imported = await call(ctx.server, 'POST', `${API}/environment/${envId}/nlu/import`, {
        token: ctx.token,
        json: nluExport({ context: 'banc', archetypes: [{ name: 'motif', regex: 'a*a*a*a*a*c' }] }),
        timeoutMs: left(deadline),
      });
      const refused = refusal(imported);
      if (refused) return `import ${refused}`;
      const itemErrors = imported.data?.errors ?? [];
      if (itemErrors.length > 0) return `import refused the item (${itemErrors.map((error) => error.code ?? error.item ?? JSON.stringify(error)).join(', ')})`;
      const saved = await saveModules(ctx, envId, extractorThen([module('nlu', 'nlu', { context: 'banc' })]), deadline, (settings) => ({ ...settings, languages: ['fr'] }));
      const refusedSave = refusal(saved);
      if (refusedSave) return `settings ${refusedSave}`;
      return analyse(ctx, envId, 'demande.eml', mailWithBody(`Bonjour, ${'a'.repeat(90)} merci.`), deadline);
    },
  },
  {
    label: 'OCR rule (?:a{1,30})+b on a picture of aaaa…',
    setup: (ctx) => createEnvironment(ctx, 'demo-ic', 'Banc OCR'),
    async act(ctx, envId, deadline) {
      const rules = [{ name: 'motif', by: 'pattern', pattern: '(?:a{1,30})+b' }];
      const saved = await saveModules(ctx, envId, extractorThen([module('ocr', 'ocrDataExtraction', { config: { rules } })]), deadline, (settings) => ({
        ...settings,
        content: { ...settings.content, ocrPng: true },
      }));
      const refused = refusal(saved);
      if (refused) return `settings ${refused}`;
      return analyse(ctx, envId, 'scan.png', picture(['a'.repeat(25), 'a'.repeat(25)]), deadline);
    },
  },
  {
    label: 'consolidation-source glob *a*a*a*a*a*a*b, attachment "a"×62',
    setup: (ctx) => categorizationEnvironment(ctx, 'Banc glob'),
    async act(ctx, envId, deadline) {
      const config = {
        categories: [
          {
            id: 'annexe',
            name: 'Annexe',
            target: 'attachment',
            rules: [{ id: 'r1', name: 'Annexe', criteria: [{ type: 'consolidationSource', source: 'attachment', fileName: '*a*a*a*a*a*a*b' }] }],
          },
        ],
      };
      const saved = await saveModules(ctx, envId, withNlu(module('categorisation', 'categorization', { config })), deadline);
      const refused = refusal(saved);
      if (refused) return `settings ${refused}`;
      return analyse(ctx, envId, 'annexe.eml', mailWithAttachment('a'.repeat(62)), deadline);
    },
  },
  {
    // The largest document the server accepts (a larger one is refused unread: 400 or 413).
    label: `${(DOCUMENT_CHARS / 1024 / 1024).toFixed(1)} MB configuration document (check, then save)`,
    async setup(ctx) {
      const envId = await createEnvironment(ctx, 'demo-ic', 'Banc document');
      const current = await call(ctx.server, 'GET', `${API}/environment/${envId}/configuration/document`, { token: ctx.token });
      if (current.status !== 200) throw new Error(`reading the configuration document: ${current.status}`);
      const text = bigConfigurationDocument(current.data.text, DOCUMENT_CHARS);
      // Serialised here, outside the timed part: the probe shares this process's event loop.
      return { envId, text, check: JSON.stringify({ text }), save: JSON.stringify({ text, versionName: 'banc' }) };
    },
    async act(ctx, { envId, text, check, save }, deadline) {
      const path = `${API}/environment/${envId}/configuration/document`;
      const checked = await call(ctx.server, 'POST', `${path}/check`, { token: ctx.token, jsonText: check, timeoutMs: left(deadline) });
      const checkOutcome = refusal(checked) ?? `${checked.data.problems?.length ?? 0} problems`;
      const saved = await call(ctx.server, 'PUT', path, { token: ctx.token, jsonText: save, timeoutMs: left(deadline) });
      return `check ${checkOutcome}; save ${refusal(saved) ?? 'saved'} (${(text.length / 1024 / 1024).toFixed(1)} MB)`;
    },
  },
  {
    label: 'DOCX inflating to 3 MB of text + a 3 MB EML (demo NLU pipeline)',
    setup: async () => ({ envId: 'demo-nlu-recette', docx: inflatingDocx() }),
    async act(ctx, { envId, docx }, deadline) {
      const [fromDocx, fromMail] = await Promise.all([
        analyse(ctx, envId, 'contrat.docx', docx, deadline),
        analyse(ctx, envId, 'long.eml', bigMail('docx'), deadline),
      ]);
      return `DOCX (${(docx.length / 1024).toFixed(0)} KB): ${fromDocx}; EML (3 MB): ${fromMail}`;
    },
  },
  {
    label: '3 MB HTML-only mail (its text made by the server)',
    setup: async () => ({ envId: 'demo-ic-prod', count: 0 }),
    async act(ctx, input, deadline) {
      input.count += 1;
      return `EML (3 MB HTML): ${await analyse(ctx, input.envId, 'outlook.eml', bigHtmlMail(`html-${input.count}`), deadline)}`;
    },
  },
  {
    // §5's largest upload: what the server does with the bytes before any module (join, hash, store).
    label: 'an upload at the §5 limit (a mail and two 24 MB attachments)',
    setup: async () => ({ envId: 'demo-ic-prod', attachment: randomBytes(24 * 1024 * 1024), count: 0 }),
    async act(ctx, input, deadline) {
      input.count += 1;
      const form = new FormData();
      form.append('file', new Blob([mailWithBody(`Pièces jointes ${input.count}.`)]), 'envoi.eml');
      // Distinct bytes each time (the extractor's cache keys on the content).
      input.attachment.writeUInt32BE(input.count, 0);
      for (const name of ['scan-1.pdf', 'scan-2.pdf']) form.append('attachments', new Blob([input.attachment]), name);
      const created = await call(ctx.server, 'POST', `${API}/environment/${input.envId}/analyses`, { token: ctx.token, form, timeoutMs: left(deadline) });
      const refused = refusal(created);
      if (refused) return `upload ${refused}`;
      return `48 MB uploaded: ${await settled(ctx, input.envId, created.data.id, deadline)}`;
    },
  },
  {
    label: 'compiling an imported NLU dictionary of 100 000 entries',
    setup: async (ctx) => {
      const envId = await createEnvironment(ctx, 'demo-nlu', 'Banc dictionnaire');
      const { lines } = generateDictionary(100_000, 1);
      return { envId, dict: lines[0].map((entry) => entry.join(';')).join('\n') };
    },
    async act(ctx, { envId, dict }, deadline) {
      const imported = await call(ctx.server, 'POST', `${API}/environment/${envId}/nlu/import`, {
        token: ctx.token,
        json: nluExport({ context: 'dico', archetypes: [{ name: 'gros', dict }] }),
        timeoutMs: left(deadline),
      });
      const refused = refusal(imported);
      if (refused) return `import ${refused}`;
      // The NLU test starts the server, which compiles the dictionary (503 aiStarting meanwhile).
      while (Date.now() < deadline) {
        const tested = await call(ctx.server, 'POST', `${API}/environment/${envId}/nlu/test`, { token: ctx.token, json: { text: 'bonjour', server: 'banc' }, timeoutMs: left(deadline) });
        if (tested.status === 200) return `imported (${(dict.length / 1024 / 1024).toFixed(1)} MB), compiled, NLU test answered`;
        if (tested.status !== 503) return `NLU test ${refusal(tested)}`;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return 'still compiling at the time cap';
    },
  },
];
