/** Consumption routes (spec §2.4 Consumption widget, Organisation page; §9 footprint). */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { environmentConsumption, myConsumption, organisationConsumption } from '../../src/contract/consumption';
import { capabilitiesOf } from '../../src/contract/define';
import { principalOf } from '../auth/guard';
import { authorize } from '../auth/permissions';
import type { ServerContext } from '../context';
import { co2Method } from '../consumption/co2';
import { environmentAnalysesOn, organisationConsumption as countOrganisation, quotaOn } from '../consumption/count';
import { checkedTimeZone, todayIn } from '../consumption/time-zone';
import { members, organisations } from '../db/schema';
import { registerEndpoint } from './register';

export function registerConsumptionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Read once: a bad POSTROOM_WATTS_PER_CORE stops the server at start, not at the first request.
  const method = co2Method();

  registerEndpoint(app, ctx, organisationConsumption, ({ params, query, request }) => {
    const tz = checkedTimeZone(query.tz);
    return countOrganisation(ctx, {
      organisationId: params.orgaId,
      year: query.year,
      today: todayIn(tz),
      tz,
      method,
      principal: principalOf(request),
    });
  });

  registerEndpoint(app, ctx, myConsumption, async ({ query, request }) => {
    const principal = principalOf(request);
    const tz = checkedTimeZone(query.tz);
    // The organisations whose consumption page this caller may open, by that page's own rule: members
    // working on their projects (not guests, not cockpit-only members); SRE (operations) reads every
    // organisation; support, member of none, reads none unless ghosting.
    const candidates =
      capabilitiesOf(principal.providerRole).includes('operations')
        ? await ctx.db.select({ id: organisations.id }).from(organisations).orderBy(organisations.name)
        : await ctx.db
            .select({ id: organisations.id })
            .from(organisations)
            .innerJoin(members, eq(members.organisationId, organisations.id))
            .where(and(eq(members.userId, principal.userId), eq(members.guest, false)))
            .orderBy(organisations.name);
    const orgas = [];
    for (const orga of candidates) {
      const opens = await authorize(ctx, principal, organisationConsumption.access, { orgaId: orga.id }).then(() => true, () => false);
      if (opens) orgas.push(orga);
    }
    const today = todayIn(tz);
    const result = [];
    for (const orga of orgas) {
      result.push(await countOrganisation(ctx, { organisationId: orga.id, today, tz, method, principal }));
    }
    return result;
  });

  registerEndpoint(app, ctx, environmentConsumption, async ({ params, query, scope, request }) => {
    const principal = principalOf(request);
    const tz = checkedTimeZone(query.tz);
    const date = query.date ?? todayIn(tz);
    const organisationId = scope.organisationId ?? '';
    const [analysesOnDate, quota, canOpenOrganisation] = await Promise.all([
      environmentAnalysesOn(ctx, params.envId, date, tz),
      quotaOn(ctx, organisationId, date, tz),
      // The same rule as consumption.organisation's access (contributors, not guests nor cockpit-only; SRE).
      authorize(ctx, principal, organisationConsumption.access, { orgaId: organisationId }).then(
        () => true,
        () => false,
      ),
    ]);
    return { date, analyses: analysesOnDate, organisationId, ...quota, canOpenOrganisation };
  });
}
