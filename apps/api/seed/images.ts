import {
  categoryTile,
  heroArt,
  portrait,
  productBag,
  scene,
  seal,
  type Palette,
} from './artwork.ts';
import { slugify } from '../src/http/format.ts';
import { productCategorySeeds, productSeeds, type SeedProduct } from './data/catalog.ts';
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
  /** A bigger size's bag; the smallest size shows the product's own image. */
  productSize: (slug: string, size: string) => `product-${slug}-${slugify(size)}.svg`,
  category: (slug: string) => `category-${slug}.svg`,
  post: (slug: string) => `post-${slug}.svg`,
  header: (slug: string) => `header-${slug}.svg`,
  defaultHeader: 'header-default.svg',
  team: (slug: string) => `team-${slug}.svg`,
  mbeBadge: 'mbe-certified-badge.svg',
};

/** The sizes a product comes in, smallest first: its Size options, or one size from its weight. */
export function productSizes(product: SeedProduct): string[] {
  const sizes = product.attributes?.find((attribute) => attribute.name === 'Size')?.options;
  return sizes ?? [`${Math.round(Number(product.price?.weight ?? '0.75') * 16)} oz`];
}

/** The image file of one size of a product: the product's own image for its first size. */
export const productSizeImage = (product: SeedProduct, size: string) =>
  size === productSizes(product)[0]
    ? imageFiles.product(product.slug)
    : imageFiles.productSize(product.slug, size);

export const seedImages: SeedImage[] = [
  ...productSeeds.flatMap((product) =>
    productSizes(product).map((size) => ({
      file: productSizeImage(product, size),
      title: `${product.name}, ${size}`,
      alt: `A ${size.replace(/ bulk$/, '')} bag of Larder & Oat ${product.name} granola`,
      width: 800,
      height: 800,
      render: () =>
        productBag({
          name: product.name.replace(/\s*\(.*\)$/, ''),
          line: product.line,
          size,
          palette: product.palette,
          garnish: product.garnish,
        }),
    })),
  ),
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
            width: 600,
            height: 600,
            render: () =>
              heroArt({ title: page.title, palette: page.art!.palette, motif: page.art!.motif }),
          },
        ]
      : [],
  ),
  {
    file: imageFiles.defaultHeader,
    title: 'Larder & Oat header',
    alt: 'Golden oat fields at sunrise',
    width: 600,
    height: 600,
    render: () => heroArt({ title: 'Larder & Oat', palette: defaultHeaderPalette, motif: 'field' }),
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
