/** The §9 footprint arithmetic and the watts-per-core setting. */
import { describe, expect, it } from 'vitest';
import { co2Method, DEFAULT_WATTS_PER_CORE, footprint } from './co2';

describe('CO2 footprint', () => {
  it('converts CPU time with the watts per core, PUE 1.3 and 0.06 kg per kWh', () => {
    const method = co2Method({});
    expect(method).toEqual({ wattsPerCore: DEFAULT_WATTS_PER_CORE, pue: 1.3, kgCo2PerKwh: 0.06, since: '2025-04-24' });
    // One CPU hour at 3.5 W: 3.5 Wh × 1.3 = 4.55 Wh = 0.00455 kWh → 0.000273 kg.
    const oneHour = footprint(3_600_000, method);
    expect(oneHour.cpuMs).toBe(3_600_000);
    expect(oneHour.kWh).toBeCloseTo(0.00455, 10);
    expect(oneHour.kgCo2).toBeCloseTo(0.000273, 10);
    expect(footprint(0, method)).toEqual({ cpuMs: 0, kWh: 0, kgCo2: 0 });
  });

  it('takes the watts per core from POSTROOM_WATTS_PER_CORE', () => {
    const method = co2Method({ POSTROOM_WATTS_PER_CORE: '10' });
    expect(method.wattsPerCore).toBe(10);
    // 1000 CPU hours at 10 W: 10 kWh × 1.3 = 13 kWh → 0.78 kg.
    expect(footprint(3_600_000_000, method).kWh).toBeCloseTo(13, 10);
    expect(footprint(3_600_000_000, method).kgCo2).toBeCloseTo(0.78, 10);
    expect(co2Method({ POSTROOM_WATTS_PER_CORE: '' }).wattsPerCore).toBe(DEFAULT_WATTS_PER_CORE);
  });

  it('refuses a setting that is not a positive number', () => {
    expect(() => co2Method({ POSTROOM_WATTS_PER_CORE: 'lots' })).toThrow(/POSTROOM_WATTS_PER_CORE/);
    expect(() => co2Method({ POSTROOM_WATTS_PER_CORE: '-2' })).toThrow(/POSTROOM_WATTS_PER_CORE/);
  });
});
