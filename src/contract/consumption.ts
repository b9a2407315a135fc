/**
 * Consumption (spec §2.4 Consumption widget, Organisation page; §3 Organisation; §9 footprint):
 * analyses counted per contract year of an organisation, per month and per project, against its
 * yearly quota, with the CO2 footprint of the CPU time they took.
 *
 * A contract year starts on the anniversary of the organisation's contract start date (1 January
 * by default) and is named by the calendar year it starts in. Its months are calendar months cut
 * to the contract year, so a year starting on 15 March has 13 buckets: 15–31 March, April, …,
 * 1–14 March. Days are counted in the caller's time zone (`tz`, an IANA name; UTC when absent).
 */
import { z } from 'zod';
import { access, defineEndpoint } from './define';
import { isoDateSchema } from './organisations';

/** Spec §9: the footprint is tracked from this day on; earlier analyses count for the quota only. */
export const CO2_TRACKED_SINCE = '2025-04-24';
/** Spec §9: power usage effectiveness of the data centre. */
export const CO2_PUE = 1.3;
/** Spec §9: kilograms of CO2 per kWh of electricity. */
export const CO2_KG_PER_KWH = 0.06;

const timeZoneSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, 'Expected an IANA time zone name such as Europe/Paris')
  .optional();

export const co2FootprintSchema = z.object({
  /** CPU time of the analyses counted for the footprint (created on or after `since`). */
  cpuMs: z.number().int(),
  kWh: z.number(),
  kgCo2: z.number(),
});
export type Co2Footprint = z.infer<typeof co2FootprintSchema>;

/** The figures the conversion used, so the page can show its formula with them. */
export const co2MethodSchema = z.object({
  wattsPerCore: z.number(),
  pue: z.number(),
  kgCo2PerKwh: z.number(),
  since: isoDateSchema,
});
export type Co2Method = z.infer<typeof co2MethodSchema>;

export const contractYearSchema = z.object({
  /** The calendar year it starts in: its name in the year picker and the `year` query. */
  year: z.number().int(),
  /** First day. */
  start: isoDateSchema,
  /** Last day (inclusive). */
  end: isoDateSchema,
});
export type ContractYear = z.infer<typeof contractYearSchema>;

export const quotaSchema = z.object({
  /** Analyses per contract year; null when the organisation has no quota. */
  yearlyQuota: z.number().int().nullable(),
  /** Analyses created in the contract year. */
  used: z.number().int(),
  /** What is left (negative when the quota is exceeded); null without a quota. */
  left: z.number().int().nullable(),
});
export type Quota = z.infer<typeof quotaSchema>;

export const monthConsumptionSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** The part of the month inside the contract year. */
  from: isoDateSchema,
  to: isoDateSchema,
  analyses: z.number().int(),
  co2: co2FootprintSchema,
});

export const projectConsumptionSchema = z.object({
  /** Null for the projects the caller may not see, counted together. */
  projectId: z.string().nullable(),
  name: z.string().nullable(),
  analyses: z.number().int(),
  /** Analyses per month, in the order of `months`. */
  perMonth: z.array(z.number().int()),
  co2: co2FootprintSchema,
});

export const organisationConsumptionSchema = z.object({
  organisationId: z.string(),
  organisationName: z.string(),
  contractStartDate: isoDateSchema,
  contractYear: contractYearSchema,
  /** Contract years the picker offers, newest first: the current one back to the first analysis. */
  years: z.array(z.number().int()),
  quota: quotaSchema,
  months: z.array(monthConsumptionSchema),
  /** Busiest first; projects without analyses in the year are left out. */
  projects: z.array(projectConsumptionSchema),
  co2: co2FootprintSchema,
  method: co2MethodSchema,
});
export type OrganisationConsumption = z.infer<typeof organisationConsumptionSchema>;

const orgaParams = z.object({ orgaId: z.string().min(1) });

export const organisationConsumption = defineEndpoint({
  id: 'consumption.organisation',
  method: 'GET',
  path: '/v4/console/api/organisation/{orgaId}/consumption',
  summary:
    'Analyses of an organisation per month and per project over one contract year, against its yearly quota, with the CO2 footprint (members; projects the caller may not see are counted together)',
  access: access.organisation('orgaId', 'contributor', 'operations'),
  params: orgaParams,
  query: z.object({
    /** Contract year (the calendar year it starts in); the current one when absent. */
    year: z.coerce.number().int().min(2000).max(2200).optional(),
    tz: timeZoneSchema,
  }),
  response: organisationConsumptionSchema,
});

export const myConsumption = defineEndpoint({
  id: 'consumption.mine',
  method: 'GET',
  path: '/v4/console/api/consumption',
  summary:
    "The current contract year's consumption of every organisation the caller belongs to (not as a guest); provider staff see every organisation",
  access: access.signedIn,
  query: z.object({ tz: timeZoneSchema }),
  response: z.array(organisationConsumptionSchema),
});

export const environmentConsumptionSchema = z.object({
  date: isoDateSchema,
  /** Analyses created in this environment on `date`. */
  analyses: z.number().int(),
  organisationId: z.string(),
  contractYear: contractYearSchema,
  /** The organisation's quota over the contract year that holds `date`. */
  quota: quotaSchema,
  /** Whether the caller may open the organisation's consumption page (the widget's "manage" link). */
  canOpenOrganisation: z.boolean(),
});
export type EnvironmentConsumption = z.infer<typeof environmentConsumptionSchema>;

export const environmentConsumption = defineEndpoint({
  id: 'consumption.environment',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/consumption',
  summary:
    "The consumption widget: analyses of an environment on one day, and what is left of its organisation's yearly quota",
  access: access.environment('envId', 'cockpit', 'operations'),
  params: z.object({ envId: z.string().min(1) }),
  query: z.object({ date: isoDateSchema.optional(), tz: timeZoneSchema }),
  response: environmentConsumptionSchema,
});

export const consumptionEndpoints = [organisationConsumption, myConsumption, environmentConsumption] as const;
