/** Dashboard routes (spec §2.4 Dashboard, §6, §8). */
import type { FastifyInstance } from 'fastify';
import { environmentDashboard } from '../../src/contract/dashboard';
import type { ServerContext } from '../context';
import { checkedTimeZone } from '../consumption/time-zone';
import { environmentDashboard as readDashboard } from '../dashboard/read';
import { HttpError } from '../http-error';
import { registerEndpoint } from './register';

export function registerDashboardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, environmentDashboard, ({ params, query }) => {
    // §8 'Dashboards are not available on this deployment': the operator turned them off.
    if (!ctx.dashboards) {
      throw new HttpError(503, { message: 'Dashboards are not available on this deployment.', code: 'dashboardsDisabled' });
    }
    return readDashboard(ctx.db, {
      environmentId: params.envId,
      from: query.from,
      to: query.to,
      bucket: query.bucket,
      weekStartsOn: query.weekStartsOn,
      tz: checkedTimeZone(query.tz),
    });
  });
}
