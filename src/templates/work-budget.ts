/**
 * A work budget for the Liquid sandbox, counted in steps, so that no single node can run for long:
 * liquidjs checks its time limit only between nodes and loop iterations, and one filter call may do
 * unbounded work inside a node — `where_exp` over a range of millions, or an expression that calls
 * `where_exp` again (n² in one node: 20 s measured). Every filter call is charged before it runs,
 * in proportion to what it reads (an array's items, a text's characters / 100; each item of an
 * `*_exp` filter costs an evaluated expression, sorting n log n), every loop iteration and block
 * is charged a step, and every filter call checks the clock too (filters called inside an
 * expression included). Past the budget the render ends with `timeLimit`: the budget is the time
 * limit made independent of the machine (a preview in the browser and the server agree). Memory
 * charged by liquidjs (ranges, string filters) costs steps too (RenderBudget).
 * `has`/`find`-style filters and `sum`, which liquidjs does not charge to its memory limit, are.
 */
import type { Liquid } from 'liquidjs';

/** Steps of one render: ~0.2–0.5 s of the heaviest filters on a slow machine, far above any real template. */
export const WORK_STEPS = 1_000_000;

export class WorkLimitReached extends Error {
  constructor() {
    super('work limit exceeded');
  }
}

/** Filters evaluating a Liquid expression per item. */
const EXPRESSION_FILTERS = new Set(['where_exp', 'reject_exp', 'group_by_exp', 'has_exp', 'find_exp', 'find_index_exp']);
const SORTING_FILTERS = new Set(['sort', 'sort_natural', 'uniq', 'sample']);
/** Walk their input without liquidjs charging memory: charged here. */
const SEARCHING_FILTERS = new Set(['has', 'has_exp', 'find', 'find_exp', 'find_index', 'find_index_exp', 'sum']);
const STEPS_PER_EXPRESSION = 20;
const STEPS_PER_SORTED_ITEM = 4;
const CHARACTERS_PER_STEP = 100;

function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'string') return Math.ceil(value.length / CHARACTERS_PER_STEP);
  if (value !== null && typeof value === 'object') return Object.keys(value).length;
  return 0;
}

/**
 * The limits of one render, given to liquidjs's Context in place of its own limiters (same
 * messages, which the sandbox maps to its codes), plus the step count. Memory charged by liquidjs —
 * ranges before they are allocated, string filters — costs a step per 2 units: a range is the one
 * way to make a large array out of nothing (liquidjs builds one of a million items in ~0.1 s).
 */
export class RenderBudget {
  steps = 0;
  private memory = 0;
  private readonly deadline: number;
  constructor(
    timeMs: number,
    private readonly memoryUnits: number,
  ) {
    this.deadline = performance.now() + timeMs;
  }
  charge(steps: number): void {
    this.steps += steps;
    if (this.steps > WORK_STEPS) throw new WorkLimitReached();
  }
  /**
   * liquidjs passes its own clock's time, which in a web worker is `Date.now()` (its browser build
   * finds neither `window.performance` nor `global.performance` there): against this deadline every
   * render would be late at once. The deadline is read on the clock it was set on.
   */
  readonly renderLimit = {
    check: (_now: number): void => {
      if (performance.now() > this.deadline) throw new Error('template render limit exceeded');
    },
  };
  readonly memoryLimit = {
    budget: this as RenderBudget,
    use: (count: number): void => {
      if (!(+count > 0)) return;
      this.memory += +count;
      if (this.memory > this.memoryUnits) throw new Error('memory alloc limit exceeded');
      this.charge(Math.ceil(+count / MEMORY_UNITS_PER_STEP));
    },
  };
}

const MEMORY_UNITS_PER_STEP = 2;

type ChargedContext = { renderLimit: { check(now: number): void }; memoryLimit: { use(count: number): void; budget?: RenderBudget } };

/** Charges the render's budget (a context made without one, by liquidjs itself, is not charged) and checks the clock. */
function charge(context: ChargedContext, steps: number): void {
  context.memoryLimit.budget?.charge(steps);
  context.renderLimit.check(performance.now());
}

type FilterImpl = (this: { context: ChargedContext }, value: unknown, ...args: unknown[]) => unknown;
type FilterOptions = FilterImpl | { handler: FilterImpl; raw?: boolean };

function chargedFilter(name: string, options: FilterOptions): FilterOptions {
  const handler = typeof options === 'function' ? options : options.handler;
  const perItem = EXPRESSION_FILTERS.has(name) ? STEPS_PER_EXPRESSION : SORTING_FILTERS.has(name) ? STEPS_PER_SORTED_ITEM : 1;
  const wrapped: FilterImpl = function (value, ...args) {
    const items = sizeOf(value);
    charge(this.context, 1 + perItem * items + args.reduce<number>((sum, arg) => sum + sizeOf(arg), 0));
    if (SEARCHING_FILTERS.has(name) && Array.isArray(value)) this.context.memoryLimit.use(value.length);
    return handler.call(this, value, ...args);
  };
  return typeof options === 'function' ? wrapped : { ...options, handler: wrapped };
}

/** Charges every filter `liquid` knows now (call it again after registering more) and every block rendered. */
export function chargeWork(liquid: Liquid): void {
  const filters = liquid.filters as unknown as Record<string, FilterOptions & { charged?: true }>;
  for (const [name, options] of Object.entries(filters)) {
    if ((options as { charged?: true }).charged) continue;
    const charged = chargedFilter(name, options);
    (charged as { charged?: true }).charged = true;
    liquid.registerFilter(name, charged as never);
  }
  const renderer = liquid.renderer as unknown as { renderTemplates: (this: unknown, templates: unknown, ctx: ChargedContext, emitter?: unknown) => unknown; charged?: true };
  if (renderer.charged) return;
  const renderTemplates = renderer.renderTemplates;
  // Called for the program and for each loop iteration and each branch taken.
  renderer.renderTemplates = function (templates, ctx, emitter) {
    charge(ctx, 1);
    return renderTemplates.call(this, templates, ctx, emitter);
  };
  renderer.charged = true;
}
