/**
 * CO2 footprint of the CPU time analyses took (spec §9: 0.06 kg CO2 per kWh, PUE 1.3, tracked since
 * 24 April 2025):
 *
 *   kWh    = CPU hours × watts per core ÷ 1000 × PUE
 *   kg CO2 = kWh × 0.06
 *
 * Watts per core: 3.5 W by default, the average maximum power of one vCPU of AWS's processor
 * micro-architectures in the Cloud Carbon Footprint methodology ("Average Max Watts: 3.5",
 * https://www.cloudcarbonfootprint.org/docs/methodology/#compute, from the SPECpower_ssj2008
 * results). CPU time is time a core spent busy, so the full-load figure is the one that applies,
 * not the 50 %-utilisation average CCF uses for whole machines. Operators who know their hardware
 * set POSTROOM_WATTS_PER_CORE.
 */
import { z } from 'zod';
import {
  CO2_KG_PER_KWH,
  CO2_PUE,
  CO2_TRACKED_SINCE,
  type Co2Footprint,
  type Co2Method,
} from '../../src/contract/consumption';

export const DEFAULT_WATTS_PER_CORE = 3.5;

const wattsSchema = z.coerce.number().positive().max(1000);

/** The method in force; throws at start-up when POSTROOM_WATTS_PER_CORE is not a positive number. */
export function co2Method(env: NodeJS.ProcessEnv = process.env): Co2Method {
  const raw = env.POSTROOM_WATTS_PER_CORE;
  let wattsPerCore = DEFAULT_WATTS_PER_CORE;
  if (raw !== undefined && raw.trim() !== '') {
    const parsed = wattsSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`Invalid configuration:\n  POSTROOM_WATTS_PER_CORE: expected watts, got "${raw}"`);
    wattsPerCore = parsed.data;
  }
  return { wattsPerCore, pue: CO2_PUE, kgCo2PerKwh: CO2_KG_PER_KWH, since: CO2_TRACKED_SINCE };
}

const MS_PER_HOUR = 3_600_000;

export function footprint(cpuMs: number, method: Co2Method): Co2Footprint {
  const kWh = ((cpuMs / MS_PER_HOUR) * method.wattsPerCore * method.pue) / 1000;
  return { cpuMs, kWh, kgCo2: kWh * method.kgCo2PerKwh };
}
