/** Provider SRE routes (issue 18; spec §2.4 SRE screens). */
import type { FastifyInstance } from 'fastify';
import { analysesCounter } from '../../src/contract/sre';
import type { ServerContext } from '../context';
import { checkedTimeZone } from '../consumption/time-zone';
import { countAnalyses } from '../sre/analyses-counter';
import { registerEndpoint } from './register';

export function registerSreRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, analysesCounter, ({ query }) => countAnalyses(ctx, { from: query.from, to: query.to, tz: checkedTimeZone(query.tz) }));
}
