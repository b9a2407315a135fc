/** The organisations and environments the SRE filters offer, for one project type (contract: listSreScopes). */
import { asc, eq } from 'drizzle-orm';
import type { SreAnalysisKind, SreScopes } from '../../src/contract/sre-analyses';
import type { Database } from '../db/open';
import { environments, organisations, projects } from '../db/schema';
import { kindCondition } from './analyses-filter';

export async function listScopes(db: Database, kind: SreAnalysisKind): Promise<SreScopes> {
  const rows = await db
    .select({
      organisationId: organisations.id,
      organisationName: organisations.name,
      environmentId: environments.id,
      environmentName: environments.name,
      projectName: projects.name,
    })
    .from(environments)
    .innerJoin(projects, eq(projects.id, environments.projectId))
    .innerJoin(organisations, eq(organisations.id, projects.organisationId))
    .where(kindCondition(kind))
    .orderBy(asc(organisations.name), asc(projects.name), asc(environments.name));
  const byOrganisation = new Map<string, SreScopes['organisations'][number]>();
  for (const row of rows) {
    const organisation = byOrganisation.get(row.organisationId) ?? { id: row.organisationId, name: row.organisationName, environments: [] };
    organisation.environments.push({ id: row.environmentId, name: row.environmentName, projectName: row.projectName });
    byOrganisation.set(row.organisationId, organisation);
  }
  return { organisations: [...byOrganisation.values()] };
}
