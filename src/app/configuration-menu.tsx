/**
 * The environment's configuration menu (§2.4 "Navigation menu"): a plain data list of sections and
 * entries, in the order and groups of §2.4 — NLU (archetypes, interactions, contexts, servers,
 * languages), categorization of messages and attachments, modules, extraction, reply generator,
 * webhooks, integrations, access keys, post-processing, consolidation, output formatting, error
 * logs — then the configuration tools (creation wizard, graph). The environment's side menu
 * (layouts/environment-layout.tsx) and the configuration page both draw it, so an entry added here
 * appears in both. Section titles are in the `navigation` namespace, which every page has loaded, so
 * the side menu loads no module's texts; each section names the namespace of its entries'
 * descriptions (shown on the configuration page), and an entry may take its own (`namespace`).
 */
import { Link, useParams } from 'react-router';
import { Card, H2, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths, type NluPage } from './paths';

type MenuNamespace = 'nlu' | 'categorization' | 'extraction' | 'vision' | 'replies' | 'output' | 'ocrRules' | 'navigation' | 'toolbox' | 'configurationIde';

export interface ConfigurationEntry {
  /** Route title key (namespace `routes`) of the page it opens. */
  title: string;
  /** Description key (in the section's namespace, or the entry's own). */
  description: string;
  namespace?: MenuNamespace;
  icon: IconName;
  to: (projectId: string, envId: string) => string;
}

export interface ConfigurationSection {
  /** Stable id (side menu groups, tests). */
  id: string;
  /** i18n namespace of its entries' descriptions. */
  namespace: MenuNamespace;
  /** Title key, in the `navigation` namespace. */
  title: string;
  entries: ConfigurationEntry[];
}

const nluEntry = (page: NluPage, title: string, icon: IconName): ConfigurationEntry => ({
  title,
  description: `menu.${page}`,
  icon,
  to: (projectId, envId) => paths.nlu(projectId, envId, page),
});

const nav = (title: string, icon: IconName, to: ConfigurationEntry['to']): ConfigurationEntry => ({ title, description: `menu.${title}`, namespace: 'navigation', icon, to });

export const configurationMenu: ConfigurationSection[] = [
  {
    id: 'nlu',
    namespace: 'nlu',
    title: 'menu.nluSection',
    entries: [
      nluEntry('archetypes', 'nluArchetypes', 'book'),
      nluEntry('interactions', 'nluInteractions', 'exchange'),
      nluEntry('contexts', 'nluContexts', 'folder-close'),
      nluEntry('functions', 'nluFunctions', 'function'),
      nluEntry('servers', 'nluServers', 'database'),
      // The NLU languages are environment settings (§3): the settings page, on this environment.
      nav('nluLanguages', 'translate', (projectId, envId) => paths.envManagementOf(projectId, envId, 'settings')),
      nluEntry('test', 'nluTest', 'lab-test'),
    ],
  },
  {
    id: 'categorization',
    namespace: 'categorization',
    title: 'menu.categorizationSection',
    entries: [{ title: 'categorization', description: 'menu.categorization', icon: 'tag', to: paths.categorization }],
  },
  {
    id: 'modules',
    namespace: 'navigation',
    title: 'menu.modulesSection',
    entries: [nav('envModules', 'cube', (projectId, envId) => paths.envManagementOf(projectId, envId, 'settings'))],
  },
  {
    id: 'extraction',
    namespace: 'extraction',
    title: 'menu.extractionSection',
    entries: [{ title: 'extraction', description: 'menu.extraction', icon: 'th-derived', to: paths.extraction }],
  },
  {
    id: 'replies',
    namespace: 'replies',
    title: 'menu.repliesSection',
    entries: [{ title: 'replyTemplates', description: 'menu.templates', icon: 'envelope', to: paths.replyTemplates }],
  },
  {
    id: 'delivery',
    namespace: 'navigation',
    title: 'menu.deliverySection',
    entries: [
      nav('webhooks', 'send-message', (projectId, envId) => paths.envManagementOf(projectId, envId, 'webhooks')),
      nav('integrations', 'data-connection', (projectId, envId) => paths.envManagementOf(projectId, envId, 'integrations')),
      nav('accessKeys', 'key', (projectId, envId) => paths.envManagementOf(projectId, envId, 'access-keys')),
    ],
  },
  {
    id: 'postProcessing',
    namespace: 'navigation',
    title: 'menu.postProcessingSection',
    entries: [
      { title: 'visionEngine', description: 'menu.visionEngine', namespace: 'vision', icon: 'eye-open', to: paths.visionEngine },
      { title: 'ocrDataExtraction', description: 'menu.rules', namespace: 'ocrRules', icon: 'document', to: paths.ocrDataExtraction },
    ],
  },
  {
    id: 'consolidation',
    namespace: 'navigation',
    title: 'menu.consolidationSection',
    entries: [{ title: 'consolidation', description: 'menu.consolidation', namespace: 'categorization', icon: 'merge-links', to: paths.consolidation }],
  },
  {
    id: 'output',
    namespace: 'output',
    title: 'menu.outputSection',
    entries: [{ title: 'output', description: 'menu.output', icon: 'export', to: paths.output }],
  },
  {
    id: 'errorLogs',
    namespace: 'navigation',
    title: 'menu.errorLogsSection',
    entries: [nav('errorLogs', 'error', paths.errorLogs)],
  },
  {
    id: 'tools',
    namespace: 'navigation',
    title: 'menu.toolsSection',
    entries: [
      // The IDE: the whole configuration as one YAML document.
      { title: 'configurationIde', description: 'menu.ide', namespace: 'configurationIde', icon: 'code', to: paths.configurationIde },
      nav('creationWizard', 'predictive-analysis', paths.creationWizard),
      // The toolbox kits synchronised into this environment.
      { title: 'environmentKits', description: 'menu.kits', namespace: 'toolbox', icon: 'cube', to: paths.environmentKits },
      nav('graph', 'graph', paths.graph),
    ],
  },
];

/** What the side menu shows: section titles and route titles, both loaded by every page. */
export const SIDE_MENU_NAMESPACES = ['routes', 'navigation'] as const;
/** What the configuration page shows: the entries' descriptions too. */
export const MENU_NAMESPACES = [...SIDE_MENU_NAMESPACES, 'nlu', 'categorization', 'extraction', 'vision', 'replies', 'output', 'ocrRules', 'toolbox', 'configurationIde'] as const;

/** The translated title of a section and the description of an entry. */
export const sectionTitleKey = (section: ConfigurationSection) => `navigation:${section.title}`;
export const entryDescriptionKey = (section: ConfigurationSection, entry: ConfigurationEntry) => `${entry.namespace ?? section.namespace}:${entry.description}`;

export function ConfigurationMenuPage() {
  const { t } = useTranslation(MENU_NAMESPACES);
  const { projectId = '', envId = '' } = useParams();
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:configuration')}</h1>
      {configurationMenu.map((section) => (
        <nav key={section.id} aria-label={t(sectionTitleKey(section) as never)} data-section={section.id}>
          <H2 className="p-card-heading">{t(sectionTitleKey(section) as never)}</H2>
          <div className="p-config-menu">
            {section.entries.map((entry) => (
              <Link key={entry.title} to={entry.to(projectId, envId)} className="p-config-menu__entry">
                <Card interactive>
                  <Icon icon={entry.icon} /> <strong>{t(`routes:${entry.title}` as never)}</strong>
                  <p className="bp6-text-muted">{t(entryDescriptionKey(section, entry) as never)}</p>
                </Card>
              </Link>
            ))}
          </div>
        </nav>
      ))}
    </section>
  );
}
