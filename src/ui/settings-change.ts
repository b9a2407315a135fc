/**
 * How a configuration change (import preview, version comparison) reads: its place as translated
 * labels ("Contenu › OCR des JPG") and its values in words (Oui / Non, retention names, module types).
 * The server names places by the configuration's own keys (`settingsChangeSchema`).
 */
import type { TFunction } from 'i18next';
import type { SettingsChange } from '../contract/environments';

type T = TFunction<'environments'>;

/** A translation, or the key itself when the configuration holds something the screens do not name. */
const label = (t: T, key: string, fallback: string) => t(key as never, { defaultValue: fallback }) as string;

function extractorPlace(t: T, rest: string[]): string[] {
  const [first, ...more] = rest;
  if (first === undefined) return [];
  if (first === 'active') return [label(t, 'extractor.active', first)];
  const head = first === 'subParsers' ? [label(t, 'extractor.subParsers', first)] : [label(t, 'changes.parser', first)];
  // Sub-parsers: the extension, then the same groups and fields as the common parser.
  const extension = first === 'subParsers' ? more[0] : undefined;
  const [group, field, ...deeper] = first === 'subParsers' ? more.slice(1) : more;
  return [
    ...head,
    ...(extension !== undefined ? [`.${extension}`] : []),
    ...(group !== undefined ? [label(t, `extractor.groups.${group}`, group)] : []),
    ...(field !== undefined ? [label(t, `extractor.fields.${field}`, field)] : []),
    ...deeper,
  ];
}

export function changePlace(t: T, path: readonly string[]): string {
  const [top = '', ...rest] = path;
  let parts: string[];
  switch (top) {
    case 'content':
      parts = [t('settings.content'), ...rest.map((field) => label(t, `settings.contentFields.${field}`, field))];
      break;
    case 'extractor':
      parts = [t('settings.extractor'), ...extractorPlace(t, rest)];
      break;
    case 'modules': {
      const [name, field, ...deeper] = rest;
      parts = [t('settings.modules'), ...(name !== undefined ? [`« ${name} »`] : []), ...(field !== undefined ? [label(t, `changes.moduleFields.${field}`, field)] : []), ...deeper];
      break;
    }
    case 'categories': {
      const [name, field] = rest;
      parts = [t('changes.categories'), ...(name !== undefined ? [`« ${name} »`] : []), ...(field !== undefined ? [label(t, `changes.categoryFields.${field}`, field)] : [])];
      break;
    }
    case 'nlu': {
      // The IDE's NLU lines (server/configuration-document/stored.ts): list, then item name.
      const [list, name] = rest;
      parts = [t('changes.nlu'), ...(list !== undefined ? [label(t, `changes.nluLists.${list}`, list)] : []), ...(name !== undefined ? [`« ${name} »`] : [])];
      break;
    }
    default:
      parts = [label(t, `settings.${top}`, top), ...rest];
  }
  return parts.join(' › ');
}

export function changeValue(t: T, change: SettingsChange, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'changes.yes' : 'changes.no');
  const [top] = change.path;
  const field = change.path.at(-1);
  if (top === 'retention' && typeof value === 'string') return label(t, `settings.retentions.${value}`, value);
  if (top === 'modules' && field === 'type' && typeof value === 'string') return label(t, `modules.types.${value}`, value);
  if (typeof value === 'object') {
    const module = value as { type?: unknown; name?: unknown };
    if (top === 'modules' && typeof module.type === 'string' && typeof module.name === 'string') {
      return `${label(t, `modules.types.${module.type}`, module.type)} « ${module.name} »`;
    }
    if (top === 'nlu' && typeof module.name === 'string') return `« ${module.name} »`;
    const text = JSON.stringify(value);
    return text.length > 160 ? `${text.slice(0, 160)}…` : text;
  }
  return String(value);
}
