import { categoryTile, portrait, productBag, scene, seal, type Palette } from './artwork.ts';
import { productCategorySeeds, productSeeds } from './data/catalog.ts';
import { pageSeeds } from './data/pages.ts';
import { teamSeeds } from './data/people.ts';
import { postSeeds } from './data/posts.ts';

/** One image in seed/images/, served at /wp-content/uploads/<file>. */
export interface SeedImage {
  file: string;
  title: string;
  alt: string;
  width: number;
  height: number;
  render: () => string;
}

const defaultHeaderPalette: Palette = {
  bg: '#f6e7cf',
  main: '#c98b3f',
  accent: '#7a4a25',
  ink: '#3b2414',
};

export const imageFiles = {
  product: (slug: string) => `product-${slug}.svg`,
  category: (slug: string) => `category-${slug}.svg`,
  post: (slug: string) => `post-${slug}.svg`,
  header: (slug: string) => `header-${slug}.svg`,
  defaultHeader: 'header-default.svg',
  team: (slug: string) => `team-${slug}.svg`,
  mbeBadge: 'mbe-certified-badge.svg',
};

export const seedImages: SeedImage[] = [
  ...productSeeds.map((product) => ({
    file: imageFiles.product(product.slug),
    title: product.name,
    alt: `A bag of Larder & Oat ${product.name} granola`,
    width: 800,
    height: 800,
    render: () =>
      productBag({
        name: product.name.replace(/\s*\(.*\)$/, ''),
        line: product.line,
        size: product.variations
          ? '12 OZ'
          : `${Math.round(Number(product.price?.weight ?? '0.75') * 16)} OZ`,
        palette: product.palette,
      }),
  })),
  ...productCategorySeeds.map((category) => ({
    file: imageFiles.category(category.slug),
    title: category.name,
    alt: `${category.name} granola`,
    width: 600,
    height: 600,
    render: () => categoryTile({ name: category.name, palette: category.palette }),
  })),
  ...postSeeds.map((post) => ({
    file: imageFiles.post(post.slug),
    title: post.title,
    alt: post.art.alt,
    width: 1200,
    height: 800,
    render: () =>
      scene({
        title: post.title,
        width: 1200,
        height: 800,
        palette: post.art.palette,
        motif: post.art.motif,
      }),
  })),
  ...pageSeeds.flatMap((page) =>
    page.art
      ? [
          {
            file: imageFiles.header(page.slug),
            title: `${page.title} header`,
            alt: page.art.alt,
            width: 1600,
            height: 700,
            render: () =>
              scene({
                title: page.title,
                width: 1600,
                height: 700,
                palette: page.art!.palette,
                motif: page.art!.motif,
              }),
          },
        ]
      : [],
  ),
  {
    file: imageFiles.defaultHeader,
    title: 'Larder & Oat header',
    alt: 'Golden oat fields at sunrise',
    width: 1600,
    height: 700,
    render: () =>
      scene({
        title: 'Larder & Oat',
        width: 1600,
        height: 700,
        palette: defaultHeaderPalette,
        motif: 'field',
      }),
  },
  ...teamSeeds.map((member) => ({
    file: imageFiles.team(member.slug),
    title: member.name,
    alt: `Illustrated portrait of ${member.name}, ${member.role}`,
    width: 600,
    height: 600,
    render: () => portrait({ name: member.name, ...member.look }),
  })),
  {
    file: imageFiles.mbeBadge,
    title: 'Certified Minority Business Enterprise',
    alt: 'Certified Minority Business Enterprise badge',
    width: 400,
    height: 400,
    render: () =>
      seal({
        top: 'CERTIFIED',
        bottom: 'MINORITY BUSINESS',
        palette: { bg: '#ffffff', main: '#1f4566', accent: '#e6b655', ink: '#ffffff' },
      }),
  },
];
