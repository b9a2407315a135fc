/** Sign-in and current-user endpoints (spec §7.2) and the User entity (§3). */
import { z } from 'zod';
import { access, forLightUsers, defineEndpoint, plainText, PROJECT_PROFILES } from './define';

export const roleSchema = z.enum([
  'ROLE_ORGANISATION_ADMIN',
  'ROLE_PROJECT_ADMIN',
  'ROLE_PROJECT_QUALIFIER',
  'ROLE_PROJECT_VIEWER',
  'ROLE_PROJECT_SELF_SERVICE',
  'ROLE_PROVIDER_SRE',
  'ROLE_PROVIDER_SUPPORT',
]);
export type Role = z.infer<typeof roleSchema>;

export const accessProfileSchema = z.enum(PROJECT_PROFILES);

export const userOrganisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** External guest there (§6): sees only the projects given, no settings nor consumption. */
  guest: z.boolean(),
  /** Administers it (§6: organisation settings, members, projects); the console opens those pages on it. */
  admin: z.boolean(),
  /**
   * Works on its projects: an admin, or qualifier or configurator on one of them (`contributor` in
   * define.ts). Only then does the console open its members, consumption, toolbox and use-case
   * library: cockpit is "dashboard only" (§6).
   */
  contributor: z.boolean(),
});

export const projectPermissionSchema = z.object({
  projectId: z.string(),
  profile: accessProfileSchema,
});

/** Who a person is: shared by the current user and the organisation's member list. */
export const personSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  email: z.string(),
  position: z.string().nullable(),
});

export const userSchema = personSchema.extend({
  id: z.string(),
  role: roleSchema,
  projectPermissions: z.array(projectPermissionSchema),
  organisations: z.array(userOrganisationSchema),
  isLight: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const sessionTokensSchema = z.object({ token: z.string(), refresh_token: z.string() });

export const loginCheck = defineEndpoint({
  id: 'auth.loginCheck',
  method: 'POST',
  path: '/api/login_check',
  summary: 'Exchange a username and password for an access token and a refresh token',
  access: access.public,
  body: z.object({ username: plainText().min(1).max(320), password: z.string().min(1).max(1024) }),
  response: sessionTokensSchema,
});

export const refreshSession = defineEndpoint({
  id: 'auth.refresh',
  method: 'POST',
  path: '/api/token/refresh',
  summary:
    'Exchange a valid refresh token for a new access token and refresh token; the old refresh token is spent, and presenting a spent one ends the session',
  access: access.public,
  body: z.object({ refresh_token: z.string().min(1) }),
  response: sessionTokensSchema,
});

export const currentUser = defineEndpoint({
  id: 'auth.currentUser',
  method: 'GET',
  path: '/v4/console/api/user',
  summary: 'The signed-in user with organisations, role, project permissions and isLight',
  access: forLightUsers(access.signedIn),
  response: userSchema,
});

export const logout = defineEndpoint({
  id: 'auth.logout',
  method: 'POST',
  path: '/api/logout',
  summary: 'End the current session on the server: its refresh token and every access token issued in it stop working',
  access: forLightUsers(access.signedIn),
});
