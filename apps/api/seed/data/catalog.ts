import type { DietaryTag, FoodInfo, NutritionFacts, WholesaleRules } from '@larder/contract';
import type { Garnish, Palette } from '../artwork.ts';

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  palette: Palette;
  menuOrder: number;
}

export const productCategorySeeds: SeedCategory[] = [
  {
    slug: 'classic-granola',
    name: 'Classic Granola',
    description: 'The everyday bowl: oats, honey or maple, and a long, slow bake for big clusters.',
    palette: { bg: '#f6e7cf', main: '#c98b3f', accent: '#7a4a25', ink: '#3b2414' },
    menuOrder: 1,
  },
  {
    slug: 'nut-free',
    name: 'Nut-Free',
    description: 'Baked on a dedicated nut-free day, so school lunches and shared offices are covered.',
    palette: { bg: '#e4f0e2', main: '#6b9a5b', accent: '#2f5d3a', ink: '#1f3a25' },
    menuOrder: 2,
  },
  {
    slug: 'vegan',
    name: 'Vegan',
    description: 'Sweetened with maple and dates, bound with coconut oil. No honey, no butter.',
    palette: { bg: '#fbe9e1', main: '#d9825b', accent: '#8e3b1f', ink: '#4a1f10' },
    menuOrder: 3,
  },
  {
    slug: 'grain-free',
    name: 'Grain-Free',
    description: 'Nuts, seeds and coconut, toasted until crisp. For paleo mornings and oat-free kitchens.',
    palette: { bg: '#efe6f4', main: '#8a6aa8', accent: '#4b2f66', ink: '#2c1a3d' },
    menuOrder: 4,
  },
  {
    slug: 'snacks-and-gifts',
    name: 'Snacks & Gifts',
    description: 'Bites, samplers and tins for the road, the office and the people you like most.',
    palette: { bg: '#e2edf6', main: '#4f7fa8', accent: '#1f4566', ink: '#13283b' },
    menuOrder: 5,
  },
];

export interface SeedVariation {
  attributes: Record<string, string>;
  regular: number;
  sale?: number;
  wholesale?: number;
  /** Case size, minimum and quantity breaks for wholesale buyers (decision 0037). */
  wholesaleRules?: WholesaleRules;
  weight: string;
  stockStatus?: 'instock' | 'outofstock';
}

export interface SeedProduct {
  slug: string;
  name: string;
  sku: string;
  line: string;
  shortDescription: string;
  description: string;
  categories: string[];
  palette: Palette;
  /** What is drawn around the bag: the product's main ingredients. */
  garnish: Garnish[];
  menuOrder: number;
  featured?: boolean;
  status?: 'publish' | 'draft';
  visibility?: 'visible' | 'hidden';
  stockStatus?: 'instock' | 'outofstock';
  totalSales: number;
  /** Simple products. */
  price?: { regular: number; sale?: number; wholesale?: number; wholesaleRules?: WholesaleRules; weight: string };
  /** Variable products: attributes in the order the merchant typed them; variations carry the prices. */
  attributes?: { name: string; options: string[] }[];
  variations?: SeedVariation[];
  food: FoodInfo;
}

const nutrition = (overrides: Partial<NutritionFacts>, servings: string): NutritionFacts => ({
  serving_size: '1/2 cup (50 g)',
  servings_per_container: servings,
  calories: 230,
  total_fat_g: 11,
  saturated_fat_g: 2.5,
  trans_fat_g: 0,
  cholesterol_mg: 0,
  sodium_mg: 75,
  total_carbohydrate_g: 28,
  dietary_fiber_g: 4,
  total_sugars_g: 9,
  added_sugars_g: 8,
  protein_g: 6,
  ...overrides,
});

const food = (
  ingredients: string,
  allergens: string[],
  mayContain: string[],
  tags: DietaryTag[],
  facts: Partial<NutritionFacts>,
  servings = 'about 7',
): FoodInfo => ({
  ingredients,
  allergens,
  may_contain: mayContain,
  dietary_tags: tags,
  nutrition: nutrition(facts, servings),
});

const SIZE = { name: 'Size', options: ['12 oz', '2 lb', '5 lb bulk'] };

/**
 * The shop's wholesale order minimums, as the wholesale page states them (decision 0037): the
 * opening order $150, each reorder after a paid order $100.
 */
export const wholesaleMinimumSeed = { openingCents: 15000, reorderCents: 10000 };

/** Break prices: 5% off the wholesale price from the first break, 10% from the second. */
const breaks = (wholesale: number, first: number, second: number) => [
  { minQuantity: first, priceCents: Math.round(wholesale * 0.95) },
  { minQuantity: second, priceCents: Math.round(wholesale * 0.9) },
];

/**
 * How each pack is sold wholesale, as the wholesale page says: 12 oz bags in cases of 12 (breaks
 * at 5 and 10 cases), 2 lb bags in cases of 6 (the same), 5 lb bulk bags by the bag from two
 * (breaks at 10 and 20 bags), gift tins in cases of 6 (breaks at 4 and 8 cases).
 */
export function wholesaleRulesFor(pack: '12 oz' | '2 lb' | '5 lb bulk' | 'tin', wholesale: number): WholesaleRules {
  switch (pack) {
    case '12 oz':
      return { caseSize: 12, minQuantity: 12, tiers: breaks(wholesale, 60, 120) };
    case '2 lb':
      return { caseSize: 6, minQuantity: 6, tiers: breaks(wholesale, 30, 60) };
    case '5 lb bulk':
      return { caseSize: 1, minQuantity: 2, tiers: breaks(wholesale, 10, 20) };
    case 'tin':
      return { caseSize: 6, minQuantity: 6, tiers: breaks(wholesale, 24, 48) };
  }
}

/** A 12 oz bag's wholesale price and rules, for the simple products (all 12 oz bags). */
const bag12 = (wholesale: number) => ({ wholesale, wholesaleRules: wholesaleRulesFor('12 oz', wholesale) });

/** A size's wholesale price with the size's rules. */
const sized = (size: '12 oz' | '2 lb' | '5 lb bulk', wholesale: number) => ({
  wholesale,
  wholesaleRules: wholesaleRulesFor(size, wholesale),
});

/** The three standard bag sizes, priced from the 12 oz bag. Wholesale is about 60% of retail. */
function sizeVariations(small: number, medium: number, bulk: number, sale?: { medium?: number }): SeedVariation[] {
  return [
    { attributes: { Size: '12 oz' }, regular: small, ...sized('12 oz', Math.round(small * 0.6)), weight: '0.75' },
    {
      attributes: { Size: '2 lb' },
      regular: medium,
      sale: sale?.medium,
      ...sized('2 lb', Math.round(medium * 0.6)),
      weight: '2',
    },
    { attributes: { Size: '5 lb bulk' }, regular: bulk, ...sized('5 lb bulk', Math.round(bulk * 0.58)), weight: '5' },
  ];
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('\n');

export const productSeeds: SeedProduct[] = [
  {
    slug: 'honey-oat-classic',
    name: 'Honey Oat Classic',
    sku: 'LO-HOC',
    line: 'Wildflower honey · toasted oats',
    shortDescription: p('Our first recipe and still our best seller: whole rolled oats, wildflower honey from Orange County, NC, and a pinch of flaky salt.'),
    description:
      p(
        'This is the granola Maya baked for her grandmother\'s Sunday table, scaled up only as far as it could go without losing the clusters. We toss whole rolled oats with local wildflower honey and a little sunflower oil, press the trays flat, and bake low for almost an hour.',
        'The result is crisp, golden and barely sweet, with big shards that hold up in cold milk. Eat it over yogurt, by the handful, or crushed over a bowl of peaches.',
      ) + '<ul><li>Baked in batches of 40 lb</li><li>Certified gluten-free oats</li><li>No refined sugar</li></ul>',
    categories: ['classic-granola', 'nut-free'],
    palette: { bg: '#f6e7cf', main: '#d9a441', accent: '#7a4a25', ink: '#3b2414' },
    garnish: ['honey', 'oat'],
    menuOrder: 12,
    featured: true,
    totalSales: 3811,
    attributes: [SIZE],
    variations: sizeVariations(1200, 2600, 5800),
    food: food(
      'Gluten-free rolled oats, wildflower honey, sunflower oil, cane sugar, sea salt, vanilla extract.',
      [],
      [],
      ['gluten-free', 'nut-free', 'non-gmo', 'dairy-free'],
      { calories: 220, total_fat_g: 8, protein_g: 5, total_sugars_g: 10, added_sugars_g: 9 },
    ),
  },
  {
    slug: 'maple-pecan-crunch',
    name: 'Maple Pecan Crunch',
    sku: 'LO-MPC',
    line: 'Grade A maple · Georgia pecans',
    shortDescription: p('Georgia pecans, dark maple syrup and a warm hit of cinnamon. Tastes like the first cold morning of fall.'),
    description: p(
      'We buy halves, not pieces, from a family orchard outside Albany, Georgia, and toast them with the oats so every cluster has a pecan inside. Dark, robust maple syrup keeps the sweetness deep rather than sugary.',
      'It\'s the one our wholesale cafés ask for by name, and the one most likely to vanish from the jar before breakfast.',
    ),
    categories: ['classic-granola'],
    palette: { bg: '#f3e2d3', main: '#9c5a2e', accent: '#e0b26b', ink: '#3a1d0c' },
    garnish: ['leaf', 'pecan'],
    menuOrder: 11,
    featured: true,
    totalSales: 3290,
    attributes: [SIZE],
    variations: sizeVariations(1350, 2900, 6400, { medium: 2600 }),
    food: food(
      'Gluten-free rolled oats, pecans, pure maple syrup, sunflower oil, coconut sugar, cinnamon, sea salt.',
      ['Tree nuts (pecans)'],
      ['Other tree nuts'],
      ['gluten-free', 'vegan', 'dairy-free', 'non-gmo'],
      { calories: 250, total_fat_g: 14, saturated_fat_g: 1.5, protein_g: 5, total_sugars_g: 9 },
    ),
  },
  {
    slug: 'dark-chocolate-sea-salt',
    name: 'Dark Chocolate Sea Salt',
    sku: 'LO-DCS',
    line: '70% cacao · flaky sea salt',
    shortDescription: p('Bittersweet chocolate chunks folded in after the bake, so they stay as chunks. Finished with Outer Banks sea salt.'),
    description: p(
      'Chocolate granola is usually either too sweet or too dusty. We fix both by baking a cocoa-oat base with very little sugar, cooling it completely, then folding in chopped 70% fair-trade chocolate.',
      'A few flakes of sea salt harvested on the Outer Banks make the chocolate taste more like itself. Dessert that passes for breakfast.',
    ),
    categories: ['classic-granola', 'nut-free'],
    palette: { bg: '#efe1d6', main: '#4a2c21', accent: '#c8a27a', ink: '#2a160e' },
    garnish: ['chocolate', 'salt'],
    menuOrder: 10,
    totalSales: 2654,
    attributes: [SIZE],
    variations: sizeVariations(1400, 3000, 6600),
    food: food(
      'Gluten-free rolled oats, dark chocolate (cacao, cane sugar, cocoa butter), honey, sunflower oil, cocoa powder, sea salt.',
      ['Soy (lecithin in chocolate)'],
      ['Milk'],
      ['gluten-free', 'nut-free', 'non-gmo'],
      { calories: 240, total_fat_g: 11, saturated_fat_g: 4, total_sugars_g: 11, added_sugars_g: 10, protein_g: 5 },
    ),
  },
  {
    slug: 'coconut-cashew',
    name: 'Coconut Cashew',
    sku: 'LO-CCW',
    line: 'Toasted coconut · whole cashews',
    shortDescription: p('Big flakes of toasted coconut and whole cashews, sweetened with maple. Completely plant-based.'),
    description: p(
      'Unsweetened coconut chips toast to a deep amber in the last ten minutes of the bake, which is exactly when we add them. Whole cashews go in at the start so they turn buttery and crisp.',
      'It\'s our vegan best seller and a favorite with smoothie-bowl people.',
    ),
    categories: ['vegan'],
    palette: { bg: '#f7f1e6', main: '#e8d8b8', accent: '#2e7d6b', ink: '#1d3b34' },
    garnish: ['coconut', 'cashew'],
    menuOrder: 9,
    totalSales: 1720,
    attributes: [SIZE],
    variations: sizeVariations(1350, 2900, 6400),
    food: food(
      'Gluten-free rolled oats, cashews, unsweetened coconut, maple syrup, coconut oil, sea salt, vanilla.',
      ['Tree nuts (cashews, coconut)'],
      ['Other tree nuts'],
      ['gluten-free', 'vegan', 'dairy-free', 'non-gmo'],
      { calories: 260, total_fat_g: 15, saturated_fat_g: 6, protein_g: 5 },
    ),
  },
  {
    slug: 'blueberry-almond',
    name: 'Blueberry Almond',
    sku: 'LO-BLA',
    line: 'Wild blueberries · sliced almonds',
    shortDescription: p('Dried wild blueberries from Maine and thin-sliced almonds, with a little lemon zest to keep it bright.'),
    description: p(
      'Wild blueberries are smaller and more intense than cultivated ones, so a handful goes a long way. We add them after the bake so they stay chewy, and toast the almonds right on the tray.',
      'Lemon zest sounds like a small thing. It\'s the whole point.',
    ),
    categories: ['classic-granola'],
    palette: { bg: '#e6e9f5', main: '#3f4f9a', accent: '#a9b7e8', ink: '#1b2350' },
    garnish: ['berry', 'almond'],
    menuOrder: 8,
    totalSales: 1502,
    attributes: [SIZE],
    variations: sizeVariations(1350, 2900, 6400),
    food: food(
      'Gluten-free rolled oats, almonds, wild blueberries (blueberries, apple juice concentrate, sunflower oil), honey, sunflower oil, lemon zest, sea salt.',
      ['Tree nuts (almonds)'],
      ['Other tree nuts'],
      ['gluten-free', 'dairy-free', 'non-gmo'],
      { calories: 235, total_fat_g: 10, protein_g: 6, total_sugars_g: 11 },
    ),
  },
  {
    slug: 'ginger-turmeric-sunrise',
    name: 'Ginger Turmeric Sunrise',
    sku: 'LO-GTS',
    line: 'Candied ginger · golden turmeric',
    shortDescription: p('Candied ginger, turmeric and black pepper with pumpkin seeds. Warming, bright and a little spicy.'),
    description: p(
      'Built around the golden milk Maya\'s aunt made every winter: turmeric for color, black pepper to wake it up, and candied ginger for heat and chew.',
      'Pumpkin and sunflower seeds keep it nut-free. Try it with plain Greek yogurt and a drizzle of honey.',
    ),
    categories: ['nut-free', 'vegan'],
    palette: { bg: '#fdf0d5', main: '#e3a21a', accent: '#b5461f', ink: '#4a2308' },
    garnish: ['ginger', 'turmeric'],
    menuOrder: 7,
    totalSales: 860,
    attributes: [SIZE],
    variations: sizeVariations(1300, 2800, 6200),
    food: food(
      'Gluten-free rolled oats, pumpkin seeds, sunflower seeds, maple syrup, candied ginger (ginger, cane sugar), coconut oil, turmeric, black pepper, sea salt.',
      [],
      [],
      ['gluten-free', 'vegan', 'dairy-free', 'nut-free', 'non-gmo'],
      { calories: 225, total_fat_g: 11, protein_g: 7, total_sugars_g: 8 },
    ),
  },
  {
    slug: 'granola-bites',
    name: 'Granola Bites',
    sku: 'LO-BTE',
    line: 'Snackable clusters · three flavors',
    shortDescription: p('Our granola pressed into bite-sized clusters. Pick a flavor and a size for the car, the desk or the trail.'),
    description: p(
      'Bites are the clusters we used to sort out and eat ourselves. Now we make them on purpose: the same doughs, pressed thicker and cut before baking so every piece is a full, crunchy cluster.',
      'Honey is the classic, Cocoa is the afternoon pick-me-up, and Peanut Butter tastes like a very good cookie.',
    ),
    categories: ['snacks-and-gifts'],
    palette: { bg: '#fbeede', main: '#d4692b', accent: '#5b2a86', ink: '#3a1405' },
    garnish: ['cluster', 'chocolate'],
    menuOrder: 6,
    totalSales: 1210,
    attributes: [
      { name: 'Flavor', options: ['Honey', 'Cocoa', 'Peanut Butter'] },
      { name: 'Size', options: ['12 oz', '2 lb'] },
    ],
    variations: [
      { attributes: { Flavor: 'Honey', Size: '12 oz' }, regular: 1100, ...sized('12 oz', 660), weight: '0.75' },
      { attributes: { Flavor: 'Honey', Size: '2 lb' }, regular: 2500, ...sized('2 lb', 1500), weight: '2' },
      { attributes: { Flavor: 'Cocoa', Size: '12 oz' }, regular: 1150, ...sized('12 oz', 690), weight: '0.75' },
      { attributes: { Flavor: 'Cocoa', Size: '2 lb' }, regular: 2600, ...sized('2 lb', 1560), weight: '2' },
      { attributes: { Flavor: 'Peanut Butter', Size: '12 oz' }, regular: 1150, ...sized('12 oz', 690), weight: '0.75' },
      {
        attributes: { Flavor: 'Peanut Butter', Size: '2 lb' },
        regular: 2600,
        ...sized('2 lb', 1560),
        weight: '2',
        stockStatus: 'outofstock',
      },
    ],
    food: food(
      'Gluten-free rolled oats, honey, sunflower oil, cane sugar, sea salt; Cocoa adds cocoa powder; Peanut Butter adds roasted peanuts and peanut butter.',
      ['Peanuts (Peanut Butter flavor)'],
      ['Tree nuts'],
      ['gluten-free', 'non-gmo'],
      { serving_size: '1/3 cup (30 g)', calories: 140, total_fat_g: 6, protein_g: 3, total_carbohydrate_g: 19, total_sugars_g: 7, added_sugars_g: 6 },
      'about 11',
    ),
  },
  {
    slug: 'peanut-butter-banana',
    name: 'Peanut Butter Banana',
    sku: 'LO-PBB',
    line: 'Roasted peanuts · banana chips',
    shortDescription: p('Creamy peanut butter baked into the oats, crunchy banana chips folded in. The lunchbox favorite.'),
    description: p(
      'We whisk Carolina-grown peanut butter with honey until it ribbons, coat the oats, and bake. Banana chips go in after cooling so they keep their snap.',
      'It\'s high in protein, and it tastes like the sandwich you loved at eight.',
    ),
    categories: ['classic-granola'],
    palette: { bg: '#fcf3d9', main: '#e9c46a', accent: '#8c4a1c', ink: '#3f2208' },
    garnish: ['peanut', 'banana'],
    menuOrder: 5,
    totalSales: 990,
    price: { regular: 1250, ...bag12(750), weight: '0.75' },
    food: food(
      'Gluten-free rolled oats, peanut butter (peanuts), honey, banana chips (banana, coconut oil, cane sugar), peanuts, sunflower oil, sea salt.',
      ['Peanuts'],
      ['Tree nuts'],
      ['gluten-free', 'high-protein', 'non-gmo'],
      { calories: 250, total_fat_g: 13, protein_g: 9, total_sugars_g: 9 },
    ),
  },
  {
    slug: 'apple-cinnamon-crumble',
    name: 'Apple Cinnamon Crumble',
    sku: 'LO-ACC',
    line: 'Blue Ridge apples · Ceylon cinnamon',
    shortDescription: p('Dried apples from the Blue Ridge, Ceylon cinnamon and a crumble-topping crunch.'),
    description: p(
      'Think of the top of an apple crisp, then make it breakfast. Chewy dried apples from an orchard near Hendersonville, soft Ceylon cinnamon and a touch of brown butter flavor from toasted oat flour.',
      'Wonderful with warm milk on a cold morning.',
    ),
    categories: ['classic-granola', 'nut-free'],
    palette: { bg: '#fbe4de', main: '#b5382f', accent: '#f2c57c', ink: '#4a110c' },
    garnish: ['apple', 'cinnamon'],
    menuOrder: 4,
    totalSales: 744,
    price: { regular: 1250, sale: 1050, ...bag12(750), weight: '0.75' },
    food: food(
      'Gluten-free rolled oats, dried apples, honey, sunflower oil, oat flour, brown sugar, Ceylon cinnamon, sea salt.',
      [],
      [],
      ['gluten-free', 'nut-free', 'dairy-free', 'non-gmo'],
      { calories: 215, total_fat_g: 8, protein_g: 5, total_sugars_g: 11 },
    ),
  },
  {
    slug: 'tahini-date',
    name: 'Tahini Date',
    sku: 'LO-TDT',
    line: 'Stone-ground tahini · Medjool dates',
    shortDescription: p('Nutty tahini, sticky Medjool dates and black sesame. Savory-sweet and fully plant-based.'),
    description: p(
      'Tahini gives oats a deep, almost savory richness. We sweeten it only with date syrup and chopped Medjool dates, and finish with black and white sesame for crunch.',
      'Our team\'s favorite for eating straight from the bag.',
    ),
    categories: ['vegan', 'nut-free'],
    palette: { bg: '#f2ece4', main: '#6e5a47', accent: '#d8b26e', ink: '#2b2118' },
    garnish: ['date', 'seed'],
    menuOrder: 3,
    totalSales: 512,
    price: { regular: 1300, ...bag12(780), weight: '0.75' },
    food: food(
      'Gluten-free rolled oats, tahini (sesame), Medjool dates, date syrup, coconut oil, black sesame, sea salt.',
      ['Sesame'],
      [],
      ['gluten-free', 'vegan', 'dairy-free', 'nut-free', 'non-gmo'],
      { calories: 240, total_fat_g: 12, protein_g: 6, total_sugars_g: 10, added_sugars_g: 4 },
    ),
  },
  {
    slug: 'grain-free-paleo-crunch',
    name: 'Grain-Free Paleo Crunch',
    sku: 'LO-GFP',
    line: 'No oats · all nuts and seeds',
    shortDescription: p('Almonds, pecans, pumpkin seeds and coconut, bound with a little honey. No grains at all.'),
    description: p(
      'For friends who can\'t eat oats, we built a granola from the toppings up. Five nuts and seeds, coconut flakes and just enough honey to hold clusters together.',
      'Low in sugar, high in fat and protein, and very good with berries.',
    ),
    categories: ['grain-free'],
    palette: { bg: '#efe6f4', main: '#5e4b8b', accent: '#e6b655', ink: '#24183d' },
    garnish: ['seed', 'almond'],
    menuOrder: 2,
    totalSales: 640,
    price: { regular: 1600, ...bag12(960), weight: '0.63' },
    food: food(
      'Almonds, pecans, pumpkin seeds, sunflower seeds, unsweetened coconut, honey, coconut oil, flaxseed, cinnamon, sea salt.',
      ['Tree nuts (almonds, pecans, coconut)'],
      ['Peanuts'],
      ['gluten-free', 'dairy-free', 'low-sugar', 'high-protein'],
      { serving_size: '1/3 cup (30 g)', calories: 190, total_fat_g: 16, saturated_fat_g: 4, total_carbohydrate_g: 7, dietary_fiber_g: 3, total_sugars_g: 3, added_sugars_g: 3, protein_g: 6 },
      'about 9',
    ),
  },
  {
    slug: 'vanilla-almond-low-sugar',
    name: 'Vanilla Almond Low Sugar',
    sku: 'LO-VAL',
    line: 'Madagascar vanilla · 3 g sugar',
    shortDescription: p('All the crunch with only 3 grams of sugar per serving. Real vanilla bean and toasted almonds.'),
    description: p(
      'We spent a year on this one. Most low-sugar granolas lean on sweeteners; we lean on vanilla, toasting and salt, with a small amount of monk fruit to round it out.',
      'A good choice for diabetic-friendly breakfasts and for anyone who likes their yogurt to do the talking.',
    ),
    categories: ['classic-granola'],
    palette: { bg: '#f7f3ea', main: '#c9b48a', accent: '#5c3d1e', ink: '#2e1d0c' },
    garnish: ['vanilla', 'almond'],
    menuOrder: 1,
    totalSales: 402,
    price: { regular: 1300, ...bag12(780), weight: '0.75' },
    food: food(
      'Gluten-free rolled oats, almonds, sunflower oil, egg white, monk fruit extract, vanilla bean, sea salt.',
      ['Tree nuts (almonds)', 'Egg'],
      ['Other tree nuts'],
      ['gluten-free', 'low-sugar', 'non-gmo'],
      { calories: 200, total_fat_g: 11, protein_g: 7, total_sugars_g: 3, added_sugars_g: 1 },
    ),
  },
  {
    slug: 'pumpkin-spice-harvest',
    name: 'Pumpkin Spice Harvest',
    sku: 'LO-PSH',
    line: 'Seasonal · back every October',
    shortDescription: p('Our autumn seasonal: roasted pumpkin, pepitas and warm spice. Sold out until next fall.'),
    description: p(
      'Made with real roasted pumpkin purée from Piedmont farms, which is why we can only make it while the pumpkins last. It sells out every year by Thanksgiving.',
    ),
    categories: ['classic-granola', 'nut-free'],
    palette: { bg: '#fde8d4', main: '#d9731f', accent: '#6b3a12', ink: '#3b1c05' },
    garnish: ['pumpkin', 'cinnamon'],
    menuOrder: 0,
    stockStatus: 'outofstock',
    totalSales: 1405,
    price: { regular: 1300, ...bag12(780), weight: '0.75' },
    food: food(
      'Gluten-free rolled oats, pumpkin purée, pepitas, maple syrup, sunflower oil, cinnamon, ginger, nutmeg, clove, sea salt.',
      [],
      [],
      ['gluten-free', 'vegan', 'nut-free', 'dairy-free'],
      { calories: 220, total_fat_g: 9, protein_g: 6 },
    ),
  },
  {
    slug: 'holiday-gift-tin',
    name: 'Holiday Gift Tin',
    sku: 'LO-HGT',
    line: 'Three flavors in a keepsake tin',
    shortDescription: p('Honey Oat, Maple Pecan and Dark Chocolate in a reusable tin. Sent to gift-list customers by direct link.'),
    description: p(
      'A keepsake tin with three 8 oz pouches and a handwritten card. Kept off the shop shelves and shared by direct link with our corporate gifting customers.',
    ),
    categories: ['snacks-and-gifts'],
    palette: { bg: '#e8f1ea', main: '#1f5e3b', accent: '#c0392b', ink: '#0e2a1b' },
    garnish: ['berry', 'leaf'],
    menuOrder: 0,
    visibility: 'hidden',
    totalSales: 88,
    price: { regular: 3900, wholesale: 2400, wholesaleRules: wholesaleRulesFor('tin', 2400), weight: '1.8' },
    food: food(
      'See each pouch: Honey Oat Classic, Maple Pecan Crunch, Dark Chocolate Sea Salt.',
      ['Tree nuts (pecans)', 'Soy'],
      ['Milk', 'Other tree nuts'],
      ['gluten-free', 'non-gmo'],
      {},
    ),
  },
  {
    slug: 'matcha-sesame-test-batch',
    name: 'Matcha Sesame (test batch)',
    sku: 'LO-MST',
    line: 'Test kitchen · not yet released',
    shortDescription: p('Ceremonial matcha and toasted sesame. Still in the test kitchen.'),
    description: p('A recipe in development. Not for sale yet.'),
    categories: ['vegan'],
    palette: { bg: '#e9f2e1', main: '#6f9a3e', accent: '#22381a', ink: '#1a2b12' },
    garnish: ['leaf', 'seed'],
    menuOrder: 0,
    status: 'draft',
    totalSales: 0,
    price: { regular: 1400, ...bag12(840), weight: '0.75' },
    food: food(
      'Gluten-free rolled oats, sesame seeds, maple syrup, coconut oil, matcha, sea salt.',
      ['Sesame'],
      [],
      ['gluten-free', 'vegan'],
      {},
    ),
  },
];
