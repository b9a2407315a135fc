/**
 * The environment's configuration menu (§2.4 "Navigation menu"): a plain data list of sections and
 * entries. Issue 12 adds the NLU entries; the configuration IDE and graph issue appends its modules
 * here (one more section or entry, nothing else to change). Issue 13 adds categorization and
 * consolidation (their texts in the `categorization` namespace), issue 14 the output module (`output`),
 * issue 15 the OCR data extraction module's field rules (`ocrRules`).
 */
import { Link, useParams } from 'react-router';
import { Card, H4, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths, type NluPage } from './paths';

export interface ConfigurationEntry {
  /** Route title key (namespace `routes`) of the page it opens. */
  title: string;
  /** Description key (in the section's namespace). */
  description: string;
  icon: IconName;
  to: (projectId: string, envId: string) => string;
}

export interface ConfigurationSection {
  /** i18n namespace of the section's title and descriptions. */
  namespace: 'nlu' | 'categorization' | 'extraction' | 'vision' | 'replies' | 'output' | 'ocrRules' | 'configurationIde';
  /** Title key (in `namespace`). */
  title: string;
  entries: ConfigurationEntry[];
}

const nluEntry = (page: NluPage, title: string, icon: IconName): ConfigurationEntry => ({
  title,
  description: `menu.${page}`,
  icon,
  to: (projectId, envId) => paths.nlu(projectId, envId, page),
});

export const configurationMenu: ConfigurationSection[] = [
  {
    namespace: 'nlu',
    title: 'menu.nlu',
    entries: [
      nluEntry('archetypes', 'nluArchetypes', 'book'),
      nluEntry('interactions', 'nluInteractions', 'exchange'),
      nluEntry('contexts', 'nluContexts', 'folder-close'),
      nluEntry('functions', 'nluFunctions', 'function'),
      nluEntry('servers', 'nluServers', 'database'),
      nluEntry('test', 'nluTest', 'lab-test'),
    ],
  },
  {
    namespace: 'categorization',
    title: 'menu.title',
    entries: [
      { title: 'categorization', description: 'menu.categorization', icon: 'tag', to: paths.categorization },
      { title: 'consolidation', description: 'menu.consolidation', icon: 'merge-links', to: paths.consolidation },
    ],
  },
  {
    namespace: 'extraction',
    title: 'menu.title',
    entries: [{ title: 'extraction', description: 'menu.extraction', icon: 'th-derived', to: paths.extraction }],
  },
  {
    namespace: 'vision',
    title: 'menu.title',
    entries: [{ title: 'visionEngine', description: 'menu.visionEngine', icon: 'eye-open', to: paths.visionEngine }],
  },
  {
    namespace: 'replies',
    title: 'menu.title',
    entries: [{ title: 'replyTemplates', description: 'menu.templates', icon: 'envelope', to: paths.replyTemplates }],
  },
  {
    namespace: 'output',
    title: 'menu.title',
    entries: [{ title: 'output', description: 'menu.output', icon: 'export', to: paths.output }],
  },
  {
    namespace: 'ocrRules',
    title: 'menu.title',
    entries: [{ title: 'ocrDataExtraction', description: 'menu.rules', icon: 'document', to: paths.ocrDataExtraction }],
  },
  {
    // Issue 17: the whole configuration as one YAML document.
    namespace: 'configurationIde',
    title: 'menu.title',
    entries: [{ title: 'configurationIde', description: 'menu.ide', icon: 'code', to: paths.configurationIde }],
  },
];

export function ConfigurationMenuPage() {
  const { t } = useTranslation(['routes', 'nlu', 'categorization', 'extraction', 'vision', 'replies', 'output', 'ocrRules', 'configurationIde']);
  const { projectId = '', envId = '' } = useParams();
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:configuration')}</h1>
      {configurationMenu.map((section) => (
        <nav key={section.title} aria-label={t(`${section.namespace}:${section.title}` as never)}>
          <H4>{t(`${section.namespace}:${section.title}` as never)}</H4>
          <div className="p-config-menu">
            {section.entries.map((entry) => (
              <Link key={entry.title} to={entry.to(projectId, envId)} className="p-config-menu__entry">
                <Card interactive>
                  <Icon icon={entry.icon} /> <strong>{t(`routes:${entry.title}` as never)}</strong>
                  <p className="bp6-text-muted">{t(`${section.namespace}:${entry.description}` as never)}</p>
                </Card>
              </Link>
            ))}
          </div>
        </nav>
      ))}
    </section>
  );
}
