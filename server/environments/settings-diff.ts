/**
 * A readable comparison of two configurations (versions screen, import preview): one entry per setting that differs,
 * with where it is, what it was and what it becomes.
 *
 * The deep comparison is microdiff's (small, dependency-free, well kept); this module only reshapes
 * the configuration first so the entries read well: modules are matched by id (so moving one reads as
 * a change of position, not as every following module changing) and named by their name; categories
 * and reply templates are matched by name; lists of plain values (languages, ignored extensions) are
 * compared as a whole.
 */
import diff from 'microdiff';
import type { EnvironmentSettings, SettingsChange } from '../../src/contract/environments';

type Tree = Record<string, unknown>;

const isPlainList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object');

/** Plain lists become one comparable value; objects are walked. */
function flattenLists(value: unknown): unknown {
  if (isPlainList(value)) return value.join(', ');
  if (Array.isArray(value)) return value.map(flattenLists);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, flattenLists(inner)]));
  }
  return value;
}

function reshape(settings: EnvironmentSettings): Tree {
  const { modules, categories, replyTemplates, ...rest } = settings;
  return {
    ...(flattenLists(rest) as Tree),
    modules: Object.fromEntries(
      modules.map((module, index) => {
        const { id: _id, ...fields } = module;
        return [module.id, flattenLists({ position: index + 1, ...fields })];
      }),
    ),
    categories: Object.fromEntries(categories.map((category) => [category.name, { description: category.description }])),
    // Reply templates by name (names are unique), so an edited body reads as that template's change.
    replyTemplates: Object.fromEntries(replyTemplates.map(({ name, id: _id, ...template }) => [name, template])),
  };
}

/** What changes when `from` is replaced by `to`, in the order of the configuration. */
export function compareSettings(from: EnvironmentSettings, to: EnvironmentSettings): SettingsChange[] {
  const moduleName = new Map<string, string>();
  for (const module of [...from.modules, ...to.modules]) moduleName.set(module.id, module.name);
  return diff(reshape(from), reshape(to)).map((difference) => {
    const path = difference.path.map(String);
    // A module is named, not identified, for a reader.
    if (path[0] === 'modules' && path[1] !== undefined) path[1] = moduleName.get(path[1]) ?? path[1];
    if (difference.type === 'CREATE') return { path, kind: 'added', before: null, after: difference.value };
    if (difference.type === 'REMOVE') return { path, kind: 'removed', before: difference.oldValue, after: null };
    return { path, kind: 'changed', before: difference.oldValue, after: difference.value };
  });
}
