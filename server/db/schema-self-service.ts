/**
 * Self-service (spec §2.4): each light user works in one project of their organisation,
 * created the first time they need it. Its environments are the user's use cases; the row says
 * whose project it is, so the quota and the /self endpoints find it without a naming convention.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './schema-shared';
import { organisations, users } from './schema-accounts';
import { projects } from './schema-projects';

export const selfServiceProjects = pgTable(
  'self_service_projects',
  {
    /** One self-service project per light user and organisation. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('self_service_projects_user_idx').on(t.userId, t.organisationId)],
);
