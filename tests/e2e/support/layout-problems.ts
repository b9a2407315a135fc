/**
 * What a reader sees broken on the page at the current viewport, measured in one `page.evaluate`
 * with no waiting, so a walk can call it at every width of every page:
 * - a table header whose text is broken inside a word ("R / ô / le");
 * - a button or link whose label is clipped ("Autoris…" cut by its own box, or by a container that
 *   cannot scroll to it);
 * - an icon button cut by the box that clips it, at rest (not scrolled), when that box cannot scroll to it.
 *
 * Not reported: elements that are not shown (display: none, visibility: hidden, zero size, inside a
 * closed popover or an inert/aria-hidden layer), and text cut on purpose with an ellipsis whose full
 * text is available (a title or aria-label on the element or an ancestor, or a tooltip's target).
 *
 * Each problem reads `<kind>: <short selector> "<text>"`, e.g.
 * `header broken inside a word: main table th:nth-child(2) "Rôle"`.
 */
import type { Page } from 'playwright-core';

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(measure);
}

/** Runs in the page: self-contained (no closure over module scope). */
function measure(): string[] {
  const problems: string[] = [];
  const TOLERANCE = 1;

  const shortText = (el: Element): string => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const label = text || el.getAttribute('aria-label') || el.getAttribute('title') || '';
    return label.length > 40 ? `${label.slice(0, 39)}…` : label;
  };

  const selectorOf = (el: Element): string => {
    const parts: string[] = [];
    let node: Element | null = el;
    for (let depth = 0; node && node !== document.body && depth < 4; depth += 1) {
      const testId = node.getAttribute('data-testid');
      if (node.id) {
        parts.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      if (testId) {
        parts.unshift(`[data-testid="${testId}"]`);
        break;
      }
      let part = node.tagName.toLowerCase();
      const own = [...node.classList].find((name) => name.startsWith('p-')) ?? [...node.classList].find((name) => name.startsWith('bp6-') && !name.includes('intent'));
      if (own) part += `.${own}`;
      const parent: Element | null = node.parentElement;
      if (parent) {
        const same = [...parent.children].filter((child) => child.tagName === node!.tagName);
        if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
      }
      parts.unshift(part);
      node = parent;
    }
    return parts.join(' > ');
  };

  /** Shown to a reader: laid out, visible, not inside something hidden from everyone. */
  const shown = (el: Element): boolean => {
    if (!(el instanceof HTMLElement || el instanceof SVGElement)) return false;
    const box = el.getBoundingClientRect();
    // (1 px: the visually-hidden pattern, text kept for screen readers only.)
    if (box.width <= 1 || box.height <= 1) return false;
    if (el.closest('[hidden], [inert], [aria-hidden="true"]')) return false;
    // checkVisibility covers display: none and visibility: hidden on the element or an ancestor,
    // and content-visibility; opacity 0 is a closed (or closing) popover's transition state.
    if (!el.checkVisibility({ checkVisibilityCSS: true, checkOpacity: true })) return false;
    // A closed Blueprint popover or overlay keeps nothing mounted, but a transition may leave one.
    if (el.closest('.bp6-overlay-exit, .bp6-popover-exit, .bp6-popover-exit-active')) return false;
    return true;
  };

  /** The full text is available elsewhere: a title or label on the element or an ancestor up to 3 levels. */
  const fullTextAvailable = (el: Element): boolean => {
    let node: Element | null = el;
    for (let depth = 0; node && depth < 4; depth += 1) {
      if (node.getAttribute('title') || node.getAttribute('aria-label') || node.getAttribute('aria-describedby')) return true;
      if (node.classList.contains('bp6-popover-target')) return true;
      node = node.parentElement;
    }
    return false;
  };

  const cutOnPurpose = (el: Element): boolean => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible') return fullTextAvailable(el);
      if (node.tagName === 'TD' || node.tagName === 'TH' || node === document.body) break;
    }
    return false;
  };

  // (a) Headers broken inside a word: a word of the header's text drawn on more than one line.
  const words = /[\p{L}\p{N}][\p{L}\p{N}'’.\-_]*/gu;
  const range = document.createRange();
  for (const cell of document.querySelectorAll('th, [role="columnheader"]')) {
    if (!shown(cell)) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let broken = false;
    for (let text = walker.nextNode() as Text | null; text && !broken; text = walker.nextNode() as Text | null) {
      const parent = text.parentElement;
      if (!parent || !shown(parent) || parent.closest('.p-visually-hidden, .bp6-text-overflow-ellipsis')) continue;
      for (const match of text.data.matchAll(words)) {
        if (match[0].length < 2) continue;
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        // One rect per line box the word spans; a hyphenated word (soft hyphen, "-") may wrap at its hyphen.
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        const hyphenated = /[-\u00ad]/.test(match[0]);
        if (lines.size > 1 && !hyphenated) {
          broken = true;
          break;
        }
      }
    }
    if (broken) problems.push(`header broken inside a word: ${selectorOf(cell)} "${shortText(cell)}"`);
  }

  /** The nearest ancestor that clips its overflow, and whether it can scroll to show what it clips. */
  const clipper = (el: Element): { box: DOMRect; scrolls: { x: boolean; y: boolean } } | null => {
    for (let node = el.parentElement; node && node !== document.documentElement; node = node.parentElement) {
      const style = getComputedStyle(node);
      const clipsX = style.overflowX !== 'visible';
      const clipsY = style.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      if (node === document.body) return null;
      const scrollsX = style.overflowX === 'auto' || style.overflowX === 'scroll';
      const scrollsY = style.overflowY === 'auto' || style.overflowY === 'scroll';
      return { box: node.getBoundingClientRect(), scrolls: { x: scrollsX || !clipsX, y: scrollsY || !clipsY } };
    }
    return null;
  };

  /** How much of `el` a clipping container hides, when that container cannot scroll to it. */
  const cutByContainer = (el: Element): boolean => {
    const box = el.getBoundingClientRect();
    const clip = clipper(el);
    if (!clip) return false;
    const cutX = box.left < clip.box.left - TOLERANCE || box.right > clip.box.right + TOLERANCE;
    const cutY = box.top < clip.box.top - TOLERANCE || box.bottom > clip.box.bottom + TOLERANCE;
    return (cutX && !clip.scrolls.x) || (cutY && !clip.scrolls.y);
  };

  // (b) and (c): buttons and links.
  const controls = document.querySelectorAll('button, a[href], [role="button"], [role="link"], [role="menuitem"], [role="tab"]');
  for (const control of controls) {
    if (!shown(control)) continue;
    const hasText = (control.textContent ?? '').trim().length > 0;
    const textBox = control.querySelector(':scope > .bp6-button-text');
    const iconOnly = control.querySelector('svg, .bp6-icon') !== null && (!hasText || (textBox !== null && !shown(textBox)));
    let clipped = false;
    if (hasText) {
      // The label inside the control's own box: the control itself, or Blueprint's text span.
      const labels = [control, ...control.querySelectorAll('.bp6-button-text, .bp6-text-overflow-ellipsis')];
      for (const label of labels) {
        if (!shown(label)) continue;
        const style = getComputedStyle(label);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        if (label.scrollWidth > label.clientWidth + TOLERANCE || label.scrollHeight > label.clientHeight + TOLERANCE + 2) {
          if (!cutOnPurpose(label)) clipped = true;
        }
      }
    }
    if (!clipped && (hasText || iconOnly) && cutByContainer(control) && !cutOnPurpose(control)) clipped = true;
    if (!clipped) continue;
    const kind = iconOnly ? 'icon button cut by its container' : 'control label clipped';
    problems.push(`${kind}: ${selectorOf(control)} "${shortText(control)}"`);
  }
  return problems;
}
