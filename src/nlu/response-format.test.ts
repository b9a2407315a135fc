import { describe, expect, it } from 'vitest';
import { analyse, context, interaction, param } from './test-support/engine';

const dict = {
  action: 'résilier;résiliation',
  vehicle: '#ID_ON\nauto;voiture\n->auto-pro;voiture de société\nmoto;moto',
};
const ctx = context([
  interaction('terminate', [param('action', 'action', 1), param('vehicle', 'vehicle', 2)]),
  interaction('quote', [param('vehicle', 'vehicle', 1), param('action', 'action', 2), param('missing', 'action', 3)]),
]);
const text = 'Je veux résilier ma voiture de société';

describe('response formats', () => {
  it('V5 (the default) lists incomplete interactions and values with their path and parents', () => {
    const result = analyse(dict, [ctx], text);
    expect(result.interactions.map((i) => [i.id, i.complete])).toEqual([['terminate', true], ['quote', false]]);
    const vehicle = result.interactions[0]!.parameters.vehicle![0]!;
    expect([vehicle.value, vehicle.path, vehicle.parents]).toEqual(['auto-pro', ['vehicle'], [{ id: 'auto', label: 'voiture' }]]);
  });

  it('V4 keeps complete interactions only, and values without path or parents; labels are the same', () => {
    const v5 = analyse(dict, [ctx], text);
    const v4 = analyse(dict, [ctx], text, { responseFormat: 'V4' });
    expect(v4.interactions.map((i) => [i.id, i.complete])).toEqual([['terminate', true]]);
    const vehicle = v4.interactions[0]!.parameters.vehicle![0]!;
    expect([vehicle.value, vehicle.text, vehicle.path, vehicle.parents]).toEqual(['auto-pro', 'voiture de société', [], []]);
    expect(v4.labels).toEqual(v5.labels);
    expect(v4.language).toBe(v5.language);
  });

  it('V3, the original platform\'s older format, answers as V4', () => {
    expect(analyse(dict, [ctx], text, { responseFormat: 'V3' })).toEqual(analyse(dict, [ctx], text, { responseFormat: 'V4' }));
  });
});
