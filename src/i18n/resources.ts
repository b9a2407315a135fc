/** Every namespace, one per feature area; fr is the reference the types are taken from. */
import frCommon from './resources/fr/common.json';
import enCommon from './resources/en/common.json';
import frRoutes from './resources/fr/routes.json';
import enRoutes from './resources/en/routes.json';
import frErrors from './resources/fr/errors.json';
import enErrors from './resources/en/errors.json';
import frProfile from './resources/fr/profile.json';
import enProfile from './resources/en/profile.json';
import frAuth from './resources/fr/auth.json';
import enAuth from './resources/en/auth.json';
import frPwa from './resources/fr/pwa.json';
import enPwa from './resources/en/pwa.json';
import frFilesViewer from './resources/fr/filesViewer.json';
import enFilesViewer from './resources/en/filesViewer.json';

export const resources = {
  fr: { common: frCommon, routes: frRoutes, errors: frErrors, profile: frProfile, auth: frAuth, pwa: frPwa, filesViewer: frFilesViewer },
  en: { common: enCommon, routes: enRoutes, errors: enErrors, profile: enProfile, auth: enAuth, pwa: enPwa, filesViewer: enFilesViewer },
} as const;

export type Namespace = keyof (typeof resources)['fr'];
export const namespaces = Object.keys(resources.fr) as Namespace[];
