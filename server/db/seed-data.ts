/**
 * The demo organisation (listed in the README): one user per role, all with the password
 * DEMO_PASSWORD and the email `<username>@demo.postroom.test`. Fixed ids make the seed idempotent
 * and let end-to-end tests and the README name things.
 */
import type { Role } from '../../src/contract/auth';
import type { EnvironmentSettingsInput } from '../../src/contract/environments';
import type { accessProfileEnum, providerRoleEnum } from './schema';
import { DEMO_CATEGORIZATION_CONFIG, DEMO_CONSOLIDATION_CONFIG } from './seed-categorization';
import { DEMO_EXTRACTION_CONFIG } from './seed-extraction';
import { DEMO_REPLY_TEMPLATES } from './seed-replies';

export const DEMO_PASSWORD = 'Postroom-demo-1';
export const DEMO_EMAIL_DOMAIN = 'demo.postroom.test';

export const DEMO_ORGANISATION = { id: 'demo', name: 'Démo', yearlyQuota: 10_000 } as const;

export const DEMO_PROJECTS = [
  { id: 'demo-ic', name: 'Courrier entrant', type: 'IC', notes: 'Projet de démonstration (IC).' },
  { id: 'demo-nlu', name: 'Assistant NLU', type: 'NLU', notes: 'Projet de démonstration (NLU v2).' },
] as const;

/**
 * The demo NLU project's pipeline: extractor, the NLU module on the demo context (seed-nlu.ts),
 * information extraction (seed-extraction.ts), categorization and consolidation
 * (seed-categorization.ts), a French reply draft (seed-replies.ts), and the output with the NLU
 * result, the extracted data, the categories and the reply; French and English.
 */
const DEMO_NLU_SETTINGS: EnvironmentSettingsInput = {
  languages: ['fr', 'gb'],
  modules: [
    { id: 'demo-extractor', type: 'extractor', name: 'Extracteur' },
    { id: 'demo-nlu', type: 'nlu', name: 'NLU', context: 'assurance' },
    { id: 'demo-extraction', type: 'extraction', name: 'Extraction', config: DEMO_EXTRACTION_CONFIG },
    { id: 'demo-categorization', type: 'categorization', name: 'Catégorisation', context: 'assurance', config: DEMO_CATEGORIZATION_CONFIG },
    { id: 'demo-consolidation', type: 'consolidation', name: 'Consolidation', config: DEMO_CONSOLIDATION_CONFIG },
    { id: 'demo-reply', type: 'replyTemplate', name: 'Réponse' },
    { id: 'demo-output', type: 'output', name: 'Sortie', config: { nluOutput: true, categoriesEnabled: true, extractedData: true } },
  ],
  replyTemplates: DEMO_REPLY_TEMPLATES,
};

/** Per project: a public priority production and a private (hidden) staging environment. */
export const DEMO_ENVIRONMENTS = DEMO_PROJECTS.flatMap((project) => {
  const settings = project.type === 'NLU' ? { settings: DEMO_NLU_SETTINGS } : {};
  return [
    { id: `${project.id}-prod`, projectId: project.id, name: 'Production', visibility: 'public', priority: true, ...settings },
    { id: `${project.id}-recette`, projectId: project.id, name: 'Recette', visibility: 'private', priority: false, ...settings },
  ] as const;
});

type Profile = (typeof accessProfileEnum.enumValues)[number];

export interface DemoUser {
  username: string;
  firstname: string;
  lastname: string;
  position: string | null;
  /** Membership in the demo organisation; provider staff have none. */
  role?: Role;
  guest?: boolean;
  isLight?: boolean;
  providerRole?: (typeof providerRoleEnum.enumValues)[number];
  passwordExpired?: boolean;
  /** Explicit grants; organisation admins need none (configurator everywhere). */
  profiles?: Partial<Record<(typeof DEMO_PROJECTS)[number]['id'], Profile>>;
}

const everywhere = (profile: Profile) => ({ 'demo-ic': profile, 'demo-nlu': profile });

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', firstname: 'Alice', lastname: 'Admin', position: 'Responsable', role: 'ROLE_ORGANISATION_ADMIN' },
  {
    username: 'configurator',
    firstname: 'Camille',
    lastname: 'Configuratrice',
    position: 'Intégratrice',
    role: 'ROLE_PROJECT_ADMIN',
    profiles: everywhere('configurator'),
  },
  {
    username: 'qualifier',
    firstname: 'Quentin',
    lastname: 'Qualifieur',
    position: 'Analyste',
    role: 'ROLE_PROJECT_QUALIFIER',
    profiles: everywhere('qualifier'),
  },
  {
    username: 'viewer',
    firstname: 'Victor',
    lastname: 'Lecteur',
    position: 'Superviseur',
    role: 'ROLE_PROJECT_VIEWER',
    profiles: everywhere('cockpit'),
  },
  {
    username: 'guest',
    firstname: 'Gabrielle',
    lastname: 'Invitée',
    position: 'Consultante externe',
    role: 'ROLE_PROJECT_QUALIFIER',
    guest: true,
    profiles: { 'demo-ic': 'qualifier', 'demo-nlu': 'noAccess' },
  },
  {
    username: 'light',
    firstname: 'Léa',
    lastname: 'Libre-service',
    position: null,
    role: 'ROLE_PROJECT_SELF_SERVICE',
    isLight: true,
  },
  { username: 'sre', firstname: 'Samuel', lastname: 'Exploitation', position: 'SRE', providerRole: 'sre' },
  { username: 'support', firstname: 'Sophie', lastname: 'Support', position: 'Support', providerRole: 'support' },
  {
    username: 'expired',
    firstname: 'Ernest',
    lastname: 'Expiré',
    position: null,
    role: 'ROLE_PROJECT_VIEWER',
    passwordExpired: true,
    profiles: everywhere('cockpit'),
  },
];

export const demoUserId = (username: string): string => `demo-user-${username}`;
