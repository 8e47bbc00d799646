/**
 * The one rule for what a product may claim about diets (decision 0032): the badge on a card, the
 * shop's dietary categories (Vegan, Nut-Free) and product search all read it. No zod here, so the
 * storefront can use it without loading the schemas.
 */

export type DietaryTag =
  | 'gluten-free'
  | 'vegan'
  | 'dairy-free'
  | 'nut-free'
  | 'non-gmo'
  | 'organic'
  | 'low-sugar'
  | 'high-protein';

/** In the order the shop lists them. */
export const DIETARY_TAG_LABELS: Record<DietaryTag, string> = {
  'gluten-free': 'Gluten-free',
  vegan: 'Vegan',
  'dairy-free': 'Dairy-free',
  'nut-free': 'Nut-free',
  'non-gmo': 'Non-GMO',
  organic: 'Organic',
  'low-sugar': 'Low sugar',
  'high-protein': 'High protein',
};

// Read from the labels, so the storefront's shared chunk holds the names once, not twice.
export const DIETARY_TAGS = Object.keys(DIETARY_TAG_LABELS) as [DietaryTag, ...DietaryTag[]];

export const isDietaryTag = (value: string): value is DietaryTag =>
  (DIETARY_TAGS as readonly string[]).includes(value);

/**
 * What voids a claim: a word at the start of a word in the declared allergens (and, for claims an
 * allergic shopper relies on, in "may contain" too: cross-contact matters to them, not to a vegan).
 * Lower-case letters and spaces only: the same words become a PostgreSQL regular expression.
 */
export const DIETARY_CLAIM_CONFLICTS: Partial<
  Record<DietaryTag, { words: readonly string[]; includesMayContain: boolean }>
> = {
  'nut-free': {
    words: [
      'tree nut',
      'peanut',
      'almond',
      'brazil nut',
      'cashew',
      'hazelnut',
      'macadamia',
      'pecan',
      'pine nut',
      'pistachio',
      'walnut',
    ],
    includesMayContain: true,
  },
  'gluten-free': {
    words: ['gluten', 'wheat', 'barley', 'rye', 'spelt', 'triticale'],
    includesMayContain: true,
  },
  'dairy-free': {
    words: ['milk', 'dairy', 'lactose', 'whey', 'casein'],
    includesMayContain: true,
  },
  vegan: {
    words: ['milk', 'dairy', 'egg', 'fish', 'shellfish', 'crustacean', 'mollus', 'honey'],
    includesMayContain: false,
  },
};

/**
 * The conflict words of a claim as one case-insensitive "starts a word" pattern, in the syntax
 * JavaScript and PostgreSQL share apart from the word boundary (`\b` here, `\m` there).
 */
export const conflictAlternatives = (words: readonly string[]): string => `(?:${words.join('|')})`;

export interface DietarySubject {
  food: {
    dietary_tags: readonly DietaryTag[];
    allergens: readonly string[];
    may_contain: readonly string[];
  };
  categories: readonly { slug: string }[];
}

/**
 * The diets a product may claim, in the owner's order (the card shows the first three): each one
 * the owner claimed, by the tag or by putting it in the category of that slug, unless its
 * allergens say otherwise. Nothing is inferred from an allergen list that merely says nothing: it
 * may be unfinished.
 */
export function dietaryClaims(product: DietarySubject): DietaryTag[] {
  const claimed = new Set<DietaryTag>(product.food.dietary_tags);
  for (const { slug } of product.categories) if (isDietaryTag(slug)) claimed.add(slug);
  return [...claimed].filter((tag) => {
    const conflict = DIETARY_CLAIM_CONFLICTS[tag];
    if (!conflict) return true;
    const pattern = new RegExp(`\\b${conflictAlternatives(conflict.words)}`, 'i');
    const declared = conflict.includesMayContain
      ? [...product.food.allergens, ...product.food.may_contain]
      : product.food.allergens;
    return !declared.some((entry) => pattern.test(entry));
  });
}
