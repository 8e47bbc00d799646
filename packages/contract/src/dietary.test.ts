import { describe, expect, it } from 'vitest';
import { DIETARY_CLAIM_CONFLICTS, dietaryClaims, type DietarySubject } from './dietary.ts';

const subject = (
  food: Partial<DietarySubject['food']>,
  categories: string[] = [],
): DietarySubject => ({
  food: { dietary_tags: [], allergens: [], may_contain: [], ...food },
  categories: categories.map((slug) => ({ slug })),
});

describe('dietaryClaims', () => {
  it('keeps the tags the owner gave, in the owner’s order', () => {
    expect(dietaryClaims(subject({ dietary_tags: ['non-gmo', 'vegan', 'gluten-free'] }))).toEqual([
      'non-gmo',
      'vegan',
      'gluten-free',
    ]);
  });

  it('a dietary category claims the diet as the tag does; other categories claim nothing', () => {
    expect(dietaryClaims(subject({}, ['vegan', 'classic-granola']))).toEqual(['vegan']);
  });

  it('never infers a claim from an allergen list that names nothing', () => {
    expect(dietaryClaims(subject({}))).toEqual([]);
  });

  it('declared tree nuts or peanuts void nut-free, in "contains" or "may contain"', () => {
    const tags = ['nut-free'] as const;
    expect(
      dietaryClaims(subject({ dietary_tags: tags, allergens: ['Tree nuts (pecans)'] })),
    ).toEqual([]);
    expect(dietaryClaims(subject({ dietary_tags: tags, may_contain: ['Peanuts'] }))).toEqual([]);
    expect(dietaryClaims(subject({ dietary_tags: tags, allergens: ['Sesame', 'Soy'] }))).toEqual([
      'nut-free',
    ]);
  });

  it('"may contain milk" voids dairy-free but not vegan; milk in the recipe voids both', () => {
    const tags = ['vegan', 'dairy-free'] as const;
    expect(dietaryClaims(subject({ dietary_tags: tags, may_contain: ['Milk'] }))).toEqual([
      'vegan',
    ]);
    expect(dietaryClaims(subject({ dietary_tags: tags, allergens: ['Milk'] }))).toEqual([]);
  });

  it('matches a conflict at the start of a word only: "coconut" is no nut, "Eggs" are egg', () => {
    const nutFree = { dietary_tags: ['nut-free'] as const };
    expect(dietaryClaims(subject({ ...nutFree, allergens: ['Coconut'] }))).toEqual(['nut-free']);
    expect(dietaryClaims(subject({ dietary_tags: ['vegan'], allergens: ['Eggs'] }))).toEqual([]);
  });

  it('gluten-free is voided by wheat, barley or rye', () => {
    for (const grain of ['Wheat', 'Barley malt', 'Rye flour']) {
      expect(dietaryClaims(subject({ dietary_tags: ['gluten-free'], allergens: [grain] }))).toEqual(
        [],
      );
    }
  });

  it('conflict words are letters and spaces, so they read the same in PostgreSQL', () => {
    for (const conflict of Object.values(DIETARY_CLAIM_CONFLICTS))
      for (const word of conflict.words) expect(word).toMatch(/^[a-z ]+$/);
  });
});
