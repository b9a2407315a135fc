/**
 * Mail HTML is hostile: DOMPurify removes scripts, event handlers, javascript: URLs, forms, base,
 * meta, object, embed and frames; every remote resource (img src/srcset, CSS url() and @import,
 * video posters, SVG hrefs) is dropped until the user asks for it; cid: images come from the
 * message's own parts as data: URLs. A Content-Security-Policy of our own is the second lock: the
 * srcdoc document may load nothing but data: images unless remote content was allowed.
 *
 * A large body is sanitised in slices (sanitise-slices.ts) so the page never freezes for long: the
 * result is the one DOMPurify gives on the whole body (mail-html.test.ts compares them).
 */
import DOMPurify, { type Config } from 'dompurify';
import { sanitizeInSlices, type Pause, type SliceOptions } from './sanitize-slices';

export type MailHtml = { html: string; blockedRemote: number };

const REMOTE = /^\s*(https?:)?\/\//i;
const CSS_URL = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;

function cleanCss(css: string, allowRemote: boolean, count: () => void): string {
  let out = css.replace(/@import[^;]*;?/gi, (rule) => (allowRemote ? rule : (count(), '')));
  out = out.replace(CSS_URL, (match, _quote, url: string) => {
    if (/^data:image\//i.test(url)) return match;
    if (REMOTE.test(url) && allowRemote) return match;
    count();
    return 'none';
  });
  return out;
}

const CONFIG: Config = {
  WHOLE_DOCUMENT: false,
  FORBID_TAGS: ['form', 'input', 'button', 'select', 'textarea', 'base', 'meta', 'link', 'object', 'embed', 'iframe', 'frame', 'frameset', 'script', 'applet'],
  FORBID_ATTR: ['action', 'formaction', 'ping'],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
};

/** A DOMPurify instance with the mail hooks; `blocked()` tells how many remote resources it removed. */
export function mailPurifier(cidImages: Map<string, string>, allowRemote: boolean) {
  let blockedRemote = 0;
  const count = () => void blockedRemote++;
  const purify = DOMPurify();
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    for (const name of ['src', 'poster', 'background', 'href', 'xlink:href', 'srcset']) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      const tag = element.tagName.toLowerCase();
      if (/^\s*cid:/i.test(value)) {
        const data = cidImages.get(value.replace(/^\s*cid:/i, '').trim());
        if (data && name === 'src') element.setAttribute('src', data);
        else element.removeAttribute(name);
        continue;
      }
      if (/^\s*data:/i.test(value) && !(tag === 'img' && name === 'src' && /^\s*data:image\//i.test(value))) {
        element.removeAttribute(name);
        continue;
      }
      if (tag === 'a' && name === 'href') continue;
      if (name === 'srcset' || REMOTE.test(value)) {
        if (!allowRemote) {
          element.removeAttribute(name);
          count();
        }
      }
    }
    const style = element.getAttribute('style');
    if (style) element.setAttribute('style', cleanCss(style, allowRemote, count));
    if (element.tagName === 'A' && element.hasAttribute('href')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = cleanCss(node.textContent, allowRemote, count);
  });
  return { purify, config: CONFIG, blocked: () => blockedRemote };
}

function wrap(body: string, allowRemote: boolean): string {
  const remote = allowRemote ? ' https: http:' : '';
  const csp = `default-src 'none'; img-src data:${remote}; style-src 'unsafe-inline'${remote}; font-src data:${remote}; media-src${remote || " 'none'"}`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><base target="_blank"></head><body>${body}</body></html>`;
}

/** A start tag, its quoted attribute values skipped whole (they may hold a `>`). */
const START_TAG = /<[a-zA-Z](?:[^>"']|"[^"]*"|'[^']*')*>?/g;
/** Inside a start tag: a quoted value (kept as it is), or an attribute name starting with "on". */
const HANDLER_NAME = /"[^"]*"|'[^']*'|(?<=[\s/"'])on[\w-]*/gi;

/**
 * Renames event-handler attributes (`onerror=…` → `data-disarmed-onerror=…`) before the HTML is
 * parsed. Chromium checks the page's Content-Security-Policy for every inline handler attribute it
 * parses, even in DOMParser's inert documents where nothing runs, and logs a CSP error for each (a
 * mail with `<img onerror>` did). Renamed, they are plain data attributes, which DOMPurify then drops
 * (ALLOW_DATA_ATTR: false): the sanitiser stays the only lock, the CSP is unchanged, the console
 * stays quiet. Text that merely looks like a handler inside an unquoted value may be renamed too;
 * it is never shown (the attribute is dropped).
 */
export function disarmEventHandlers(html: string): string {
  if (!/on/i.test(html)) return html;
  return html.replace(START_TAG, (tag) => tag.replace(HANDLER_NAME, (match) => (match.startsWith('"') || match.startsWith("'") ? match : `data-disarmed-${match}`)));
}

/** In one go (tests, small bodies). */
export function prepareMailHtml(source: string, cidImages: Map<string, string>, allowRemote: boolean): MailHtml {
  const { purify, config, blocked } = mailPurifier(cidImages, allowRemote);
  const body = purify.sanitize(disarmEventHandlers(source), config);
  return { html: wrap(body, allowRemote), blockedRemote: blocked() };
}

/** In slices of a few milliseconds, pausing between them (`pause`) so the page stays responsive. */
export async function prepareMailHtmlInSlices(
  source: string,
  cidImages: Map<string, string>,
  allowRemote: boolean,
  pause: Pause,
  options?: SliceOptions,
): Promise<MailHtml> {
  const { purify, config, blocked } = mailPurifier(cidImages, allowRemote);
  const body = await sanitizeInSlices(purify, config, disarmEventHandlers(source), pause, options);
  return { html: wrap(body, allowRemote), blockedRemote: blocked() };
}
