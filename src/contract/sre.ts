/**
 * Provider SRE screens (spec §2.2 admin/sre-analyses-counter, §2.4 SRE screens): the
 * analyses counter — analyses created per organisation, project and environment over a period of
 * days (the caller's time zone), from the usage ledger (deleted projects and environments still
 * count, without a name), beside each organisation's use of its yearly quota. SRE only.
 */
import { z } from 'zod';
import { access, defineEndpoint } from './define';
import { quotaSchema, contractYearSchema } from './consumption';
import { isoDateSchema } from './organisations';
export { SRE_ERROR_CODES } from './error-code-lists';

/** Longest period the counter sums: five years. */
export const COUNTER_MAX_DAYS = 5 * 366;

const environmentCountSchema = z.object({ environmentId: z.string(), name: z.string().nullable(), analyses: z.number().int() });
const projectCountSchema = z.object({
  projectId: z.string(),
  /** Null once the project is deleted. */
  name: z.string().nullable(),
  analyses: z.number().int(),
  environments: z.array(environmentCountSchema),
});

export const analysesCounterSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  organisations: z.array(
    z.object({
      organisationId: z.string(),
      name: z.string(),
      analyses: z.number().int(),
      /** The contract year holding `to`, and the quota used in it. */
      contractYear: contractYearSchema,
      quota: quotaSchema,
      projects: z.array(projectCountSchema),
    }),
  ),
});
export type AnalysesCounter = z.infer<typeof analysesCounterSchema>;

export const analysesCounter = defineEndpoint({
  id: 'sre.analysesCounter',
  method: 'GET',
  path: '/v4/console/api/admin/analyses-counter',
  summary:
    'Analyses created per organisation, project and environment over a period, with each organisation’s yearly quota used (SRE only; every call audited)',
  access: access.provider('sre'),
  query: z.object({
    from: isoDateSchema,
    to: isoDateSchema,
    tz: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_+\-/]+$/)
      .optional(),
  }),
  response: analysesCounterSchema,
});

export const sreEndpoints = [analysesCounter] as const;
