/**
 * The Liquid sandbox (ARCHITECTURE "templates"): one place where user-written Liquid runs, for the
 * advanced categorization today and extraction snippets and reply templates later. Pure: runs the
 * same in the browser (editor previews) and on the server.
 *
 * What makes it a sandbox:
 * - no file system: `templates: {}` replaces every lookup, so `include`, `render` and `layout` find
 *   nothing (an error, never a file read); the `fs` given is one that refuses;
 * - no code execution: Liquid has none; `ownPropertyOnly` keeps programs off prototypes
 *   (`constructor`, `__proto__`), and the variables are plain JSON data;
 * - a time limit (liquidjs `renderLimit`, checked before every node and loop iteration) and a
 *   memory limit (`memoryLimit`, charged by ranges and string filters), so `(1..1000000000)` loops
 *   and string bombs stop;
 * - a work budget in steps (./work-budget.ts) charged by every filter call before it runs and by
 *   every loop iteration, so one node cannot run for long either (`where_exp` over a huge range, an
 *   expression calling `where_exp` again): past it, `timeLimit`;
 * - an output limit: our emitter counts characters and stops the render when they pass it.
 * Errors carry the 1-based line of the program (Token.getPosition()).
 */
import { Context, Liquid, LiquidError, toValueSync, type Emitter } from 'liquidjs';
import { chargeWork, RenderBudget, WorkLimitReached } from './work-budget';

export interface SandboxLimits {
  timeMs: number;
  outputChars: number;
  /** Characters of program parsed (liquidjs `parseLimit`). */
  programChars: number;
}

/**
 * Filters a caller adds to the sandbox (extraction's date, amount and text filters). `name` keys the
 * engine cache: one set of filters per name. Filters are plain functions on JSON values; they must
 * bound their own work (cut their input), since liquidjs's time limit is checked only between nodes.
 */
export interface SandboxFilters {
  name: string;
  filters: Readonly<Record<string, SandboxFilter>>;
}

/** A filter: `this.context.getSync(['name'])` reads a variable of the render. */
export type SandboxFilter = (this: { context: { getSync(paths: PropertyKey[]): unknown } }, value: unknown, ...args: unknown[]) => unknown;

/** `partialNotFound`: an `include`/`render`/`layout` names a template that does not exist (`partial` says which). */
export type SandboxErrorCode = 'syntax' | 'timeLimit' | 'memoryLimit' | 'outputTooLarge' | 'runtime' | 'partialNotFound';

export interface SandboxError {
  code: SandboxErrorCode;
  /** 1-based line in the program; null when the error has no place (a limit hit between nodes). */
  line: number | null;
  /** With includes: the included template the line is in (absent: the program itself). */
  template?: string;
  /** `partialNotFound`: the name the program asked for. */
  partial?: string;
  message: string;
}

export type SandboxResult = { ok: true; output: string } | { ok: false; error: SandboxError; output: string };

const refusingFs = {
  exists: () => Promise.resolve(false),
  existsSync: () => false,
  readFile: () => Promise.reject(new Error('No file system in the sandbox')),
  readFileSync: () => {
    throw new Error('No file system in the sandbox');
  },
  resolve: (_root: string, file: string) => file,
};

/** Memory charged by ranges and string-building filters; far above any sane program. */
const MEMORY_LIMIT = 10_000_000;

const engines = new Map<string, Liquid>();

/** One engine per set of limits and filters (they hold no state between renders; building one costs ~0.1 ms). */
function engine(limits: SandboxLimits, extra?: SandboxFilters): Liquid {
  const key = `${limits.timeMs}:${limits.programChars}:${extra?.name ?? ''}`;
  let liquid = engines.get(key);
  if (liquid === undefined) {
    liquid = build(limits);
    for (const [name, filter] of Object.entries(extra?.filters ?? {})) liquid.registerFilter(name, filter as never);
    chargeWork(liquid);
    engines.set(key, liquid);
  }
  return liquid;
}

/** `partials`: an in-memory file system of templates to include (renderWithIncludes); none by default. */
function build(limits: SandboxLimits, partials?: PartialsFs): Liquid {
  const liquid = new Liquid({
    templates: partials === undefined ? {} : undefined,
    relativeReference: false,
    fs: partials ?? refusingFs,
    // Partials are looked up by their plain name, never with an extension or a folder.
    root: ['.'],
    partials: ['.'],
    extname: '',
    cache: false,
    ownPropertyOnly: true,
    strictFilters: true,
    parseLimit: limits.programChars,
    renderLimit: limits.timeMs,
    memoryLimit: MEMORY_LIMIT,
    // Output is text for a machine (category names), never HTML: nothing to escape.
    outputEscape: undefined,
  });
  chargeWork(liquid);
  return liquid;
}

class OutputLimitReached extends Error {}

/** Writes like liquidjs's SimpleEmitter, and stops the render past `limit` characters. */
class LimitedEmitter implements Emitter {
  buffer = '';
  constructor(private readonly limit: number) {}
  write(html: unknown): void {
    const text = typeof html === 'string' ? html : html === null || html === undefined ? '' : String(html);
    if (this.buffer.length + text.length > this.limit) {
      this.buffer += text.slice(0, Math.max(0, this.limit - this.buffer.length));
      throw new OutputLimitReached();
    }
    this.buffer += text;
  }
}

/** liquidjs appends ", line:3, col:5" to its messages; the line is reported apart. */
function plainMessage(error: LiquidError): string {
  const raw = error.originalError?.message ?? error.message;
  return raw.replace(/, line:\d+, col:\d+$/, '').split('\n')[0]!;
}

function lineOf(error: LiquidError): number | null {
  try {
    const [line] = error.token.getPosition();
    return typeof line === 'number' && line > 0 ? line : null;
  } catch {
    return null;
  }
}

function isLimit(error: unknown, word: string): boolean {
  return error instanceof Error && error.message.toLowerCase().includes(word);
}

/** Parses only: the syntax errors a save is refused for (§5), with their line. */
export function checkLiquidSyntax(program: string, limits: SandboxLimits, extra?: SandboxFilters): SandboxError | null {
  try {
    engine(limits, extra).parse(program);
    return null;
  } catch (error) {
    return toSandboxError(error, 'syntax');
  }
}

function toSandboxError(error: unknown, fallback: SandboxErrorCode): SandboxError {
  const root = error instanceof LiquidError ? (error.originalError ?? error) : error;
  if (root instanceof OutputLimitReached) return { code: 'outputTooLarge', line: null, message: 'The output is over the size allowed' };
  if (root instanceof WorkLimitReached) return { code: 'timeLimit', line: null, message: 'The program did more work than allowed' };
  if (isLimit(root, 'template render limit exceeded')) return { code: 'timeLimit', line: null, message: 'The program ran past the time allowed' };
  if (isLimit(root, 'memory alloc limit exceeded')) return { code: 'memoryLimit', line: null, message: 'The program used more memory than allowed' };
  if (isLimit(root, 'parse length limit exceeded')) return { code: 'syntax', line: null, message: 'The program is too long' };
  // liquidjs's "ENOENT: Failed to lookup "x" in ".."" for an include of a name no template has: a code and the name, not its text.
  const missing = /^ENOENT: Failed to lookup "(.*)" in /.exec(root instanceof Error ? root.message : '');
  if (missing) {
    return { code: 'partialNotFound', line: error instanceof LiquidError ? lineOf(error) : null, partial: missing[1]!, message: `No template named "${missing[1]!}"` };
  }
  if (error instanceof LiquidError) {
    const code = error.name === 'RenderError' || error.name === 'UndefinedVariableError' ? 'runtime' : fallback;
    return { code, line: lineOf(error), message: plainMessage(error) };
  }
  return { code: fallback, line: null, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Parses and renders `program` with `variables` (plain JSON data) within the limits. Never throws:
 * every failure is a `SandboxError`, with the output written before it (cut at the limit).
 */
export function renderSandboxed(program: string, variables: Record<string, unknown>, limits: SandboxLimits, extra?: SandboxFilters): SandboxResult {
  return run(engine(limits, extra), program, variables, limits, (error) => toSandboxError(error, 'runtime'));
}

/** Parse then render on `liquid`; `runtimeError` names what went wrong while rendering. */
function run(liquid: Liquid, program: string, variables: Record<string, unknown>, limits: SandboxLimits, runtimeError: (error: unknown) => SandboxError): SandboxResult {
  let templates;
  try {
    templates = liquid.parse(program);
  } catch (error) {
    return { ok: false, error: toSandboxError(error, 'syntax'), output: '' };
  }
  const emitter = new LimitedEmitter(limits.outputChars);
  try {
    const budget = new RenderBudget(limits.timeMs, MEMORY_LIMIT);
    const context = new Context(variables, liquid.options, { sync: true }, { liquid, renderLimit: budget.renderLimit, memoryLimit: budget.memoryLimit } as never);
    toValueSync(liquid.renderer.renderTemplates(templates, context, emitter));
    return { ok: true, output: emitter.buffer };
  } catch (error) {
    return { ok: false, error: runtimeError(error), output: emitter.buffer };
  }
}

// ---------------------------------------------------------------------------------------------
// Includes (reply templates): the other templates of the environment, from memory, never a file.
// ---------------------------------------------------------------------------------------------

class IncludeLimitReached extends Error {}

/**
 * A read-only map of template bodies that counts its reads: every `include`/`render` reads once
 * (`cache: false`), so the count bounds the includes of one render — which is what stops an include
 * cycle through a computed name (`{% include next %}`), the static check (src/replies/includes.ts)
 * seeing only literal names.
 */
class PartialsFs {
  reads = 0;
  constructor(
    private readonly bodies: ReadonlyMap<string, string>,
    private readonly maxReads: number,
  ) {}
  exists = (file: string) => Promise.resolve(this.bodies.has(file));
  existsSync = (file: string) => this.bodies.has(file);
  readFile = (file: string) => Promise.resolve(this.readFileSync(file));
  readFileSync = (file: string): string => {
    this.reads += 1;
    if (this.reads > this.maxReads) throw new IncludeLimitReached(`More than ${this.maxReads} includes in one render`);
    const body = this.bodies.get(file);
    if (body === undefined) throw new Error(`No template named "${file}"`);
    return body;
  };
  resolve = (_root: string, file: string) => file;
  sep = '/';
}

export interface IncludeOptions {
  /** Template name → body, the templates `include` and `render` may name. */
  templates: Readonly<Record<string, string>>;
  /** Includes allowed in one render (nested ones count). */
  maxIncludes: number;
}

/** The included template a liquidjs error happened in (its token's file), if any. */
function templateOf(error: unknown): string | undefined {
  const file = error instanceof LiquidError ? (error.token as { file?: unknown } | undefined)?.file : undefined;
  return typeof file === 'string' && file !== '' ? file : undefined;
}

/**
 * `renderSandboxed` with `include`/`render` served from `options.templates`: same limits (time, memory,
 * output, program size for each template parsed), plus the number of includes. An engine is built per
 * render (~0.1 ms): its file system holds this render's count.
 */
export function renderWithIncludes(program: string, variables: Record<string, unknown>, limits: SandboxLimits, options: IncludeOptions): SandboxResult {
  const partials = new PartialsFs(new Map(Object.entries(options.templates)), options.maxIncludes);
  return run(build(limits, partials), program, variables, limits, (error) => {
    const root = error instanceof LiquidError ? (error.originalError ?? error) : error;
    if (root instanceof IncludeLimitReached) return { code: 'runtime', line: null, message: root.message };
    const failure = toSandboxError(error, 'runtime');
    const template = templateOf(error);
    return template === undefined ? failure : { ...failure, template };
  });
}
