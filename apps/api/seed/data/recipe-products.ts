import { productSeeds } from './catalog.ts';

/** The products each recipe post cooks with, by post slug (issue 18: recipe posts link to the shop). */
export const recipeProducts: Record<string, string[]> = {
  'overnight-oats-with-granola-crunch': ['honey-oat-classic'],
  'maple-pecan-granola-bars': ['maple-pecan-crunch'],
  'granola-parfait-bar-for-a-crowd': ['honey-oat-classic', 'ginger-turmeric-sunrise', 'tahini-date'],
};

/** The "Shop the recipe" block the seed ends a recipe post with: a link to each product's page. */
export function shopTheRecipe(postSlug: string): string {
  const slugs = recipeProducts[postSlug] ?? [];
  if (slugs.length === 0) return '';
  const links = slugs.map((slug) => {
    const product = productSeeds.find((seed) => seed.slug === slug);
    if (!product) throw new Error(`Recipe ${postSlug} links to an unknown product: ${slug}`);
    return `<li><a href="/product/${slug}">${product.name}</a></li>`;
  });
  return `\n<h2>Shop the recipe</h2>\n<ul>${links.join('')}</ul>`;
}
