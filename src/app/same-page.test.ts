import { describe, expect, it } from 'vitest';
import { samePageIn } from './same-page';

const from = { projectId: 'p1', envId: 'prod' };

describe('the environment switcher target', () => {
  it('keeps the page below the environment', () => {
    expect(samePageIn('/project/p1/environment/prod/configuration/nlu/archetypes', from, 'recette', [])).toBe('/project/p1/environment/recette/configuration/nlu/archetypes');
    expect(samePageIn('/project/p1/environment/prod', from, 'recette', [])).toBe('/project/p1/environment/recette');
  });

  it('stops before the first item id, which belongs to one environment only', () => {
    expect(samePageIn('/project/p1/environment/prod/configuration/nlu/archetypes/a%201', from, 'recette', ['a 1'])).toBe('/project/p1/environment/recette/configuration/nlu/archetypes');
    expect(samePageIn('/project/p1/environment/prod/configuration/categorization/m1/categories/c1/rules/r1', from, 'env 2', ['m1', 'c1', 'r1'])).toBe(
      '/project/p1/environment/env%202/configuration/categorization',
    );
  });
});
