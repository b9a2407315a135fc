/**
 * The organisation layout's pages (`orga/:orgaId/…`).
 */
import type { RouteObject } from 'react-router';
import { page } from './route-page';
import { redirectLoaders } from './redirects';

export const organisationRoutes: RouteObject[] = [
  page(undefined, 'orgaHome', () => import('../features/projects/organisation-home-page').then((m) => m.OrganisationHomePage)),
  page('settings', 'orgaSettings', () => import('../features/organisations/organisation-settings-page').then((m) => m.OrganisationSettingsPage)),
  page('consumption', 'orgaConsumption', () => import('../features/consumption/organisation-consumption-page').then((m) => m.OrganisationConsumptionPage)),
  page('invite-user', 'inviteUser', () => import('../features/organisations/member-form-page').then((m) => m.InviteUserPage)),
  page('create-user', 'createUser', () => import('../features/organisations/member-form-page').then((m) => m.CreateUserPage)),
  page('audit-logs', 'auditLogs', () => import('../features/organisations/audit-logs-page').then((m) => m.AuditLogsPage)),
  page('project-new', 'projectNew', () => import('../features/projects/project-new-page').then((m) => m.ProjectNewPage)),
  { path: '*', loader: redirectLoaders.orgaHome, element: null },
];
