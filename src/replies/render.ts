/**
 * Renders a reply template in the Liquid sandbox (src/templates/sandbox.ts), its includes served from
 * the environment's other templates in memory. Pure: the pipeline step, the Tests endpoint and the
 * tests run exactly this.
 */
import { REPLY_LIMITS, type ReplyTemplate } from '../contract/modules/reply-template';
import { renderWithIncludes, type SandboxError, type SandboxLimits } from '../templates/sandbox';
import { findIncludeCycle } from './includes';
import type { ReplyVariables } from './variables';

export const REPLY_SANDBOX_LIMITS: SandboxLimits = {
  timeMs: REPLY_LIMITS.timeMs,
  outputChars: REPLY_LIMITS.draftChars,
  programChars: REPLY_LIMITS.bodyChars,
};

/** A failed render: the sandbox's error and the template it happened in (an included one, or the one rendered). */
export interface ReplyRenderError extends SandboxError {
  template: string;
  /** Set when the templates include each other in a loop: the names around it. */
  cycle?: string[];
}

export type ReplyRender = { ok: true; output: string } | { ok: false; error: ReplyRenderError; output: string };

export function renderReplyTemplate(
  template: Pick<ReplyTemplate, 'name' | 'body'>,
  templates: readonly Pick<ReplyTemplate, 'name' | 'body'>[],
  variables: ReplyVariables,
  limits: SandboxLimits = REPLY_SANDBOX_LIMITS,
): ReplyRender {
  // The editor's unsaved text may close a cycle the saved set does not have: refuse before rendering.
  const others = templates.filter((candidate) => candidate.name !== template.name);
  const cycle = findIncludeCycle([template, ...others]);
  if (cycle !== null) {
    return { ok: false, output: '', error: { code: 'runtime', line: null, message: `Templates cannot include themselves: ${cycle.join(' → ')}`, template: template.name, cycle } };
  }
  const bodies = Object.fromEntries([...others, template].map((candidate) => [candidate.name, candidate.body]));
  const rendered = renderWithIncludes(template.body, variables, limits, { templates: bodies, maxIncludes: REPLY_LIMITS.includes });
  if (rendered.ok) return rendered;
  return { ok: false, output: rendered.output, error: { ...rendered.error, template: rendered.error.template ?? template.name } };
}
