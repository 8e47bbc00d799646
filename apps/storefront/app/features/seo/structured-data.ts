import { decodeEntities, SITE_NAME, stripTags } from '../../lib/text.ts';
import { absoluteUrl } from './seo.ts';

/** The brand's public facts for search engines; the same as the footer's contact block and social links. */
export const ORGANIZATION = {
  name: SITE_NAME,
  logoPath: '/favicon.svg',
  address: {
    street: '318 Hunt Street, Suite 104',
    city: 'Durham',
    state: 'NC',
    postcode: '27701',
    country: 'US',
  },
  telephone: '(919) 555-0142',
  email: 'hello@larderandoat.com',
  sameAs: [
    'https://www.facebook.com/',
    'https://www.instagram.com/',
    'https://x.com/',
    'https://www.linkedin.com/',
  ],
} as const;

const CONTEXT = 'https://schema.org';

interface PostalAddressInput {
  street: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}

function postalAddress(address: PostalAddressInput) {
  return {
    '@type': 'PostalAddress',
    streetAddress: address.street,
    addressLocality: address.city,
    addressRegion: address.state,
    postalCode: address.postcode,
    addressCountry: address.country || 'US',
  };
}

/** WordPress dates without a zone are GMT when taken from the `_gmt` fields. */
export function isoDate(wpDate: string): string {
  return /(Z|[+-]\d\d:\d\d)$/.test(wpDate) ? wpDate : `${wpDate}Z`;
}

export function organizationJsonLd(origin: string) {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: ORGANIZATION.name,
    url: `${origin}/`,
    logo: absoluteUrl(origin, ORGANIZATION.logoPath),
    email: ORGANIZATION.email,
    telephone: ORGANIZATION.telephone,
    address: postalAddress(ORGANIZATION.address),
    sameAs: [...ORGANIZATION.sameAs],
  };
}

/** The product fields the JSON-LD needs: a subset of the contract's Product. */
export interface ProductLdInput {
  name: string;
  slug: string;
  sku: string;
  type: 'simple' | 'variable';
  price: string;
  short_description?: string;
  description?: string;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  average_rating: string;
  rating_count: number;
  images: ReadonlyArray<{ src: string }>;
  variations: ReadonlyArray<{ display_price: number; is_in_stock: boolean }>;
}

const AVAILABILITY = {
  instock: 'https://schema.org/InStock',
  outofstock: 'https://schema.org/OutOfStock',
  onbackorder: 'https://schema.org/BackOrder',
} as const;

const money = (value: number) => value.toFixed(2);

/** Product with an Offer (simple) or an AggregateOffer over the variations (variable), in USD. */
export function productJsonLd(product: ProductLdInput, publicUrl: string) {
  const origin = publicUrl.replace(/\/+$/, '');
  const description = stripTags(product.short_description ?? '');
  const url = `${origin}/product/${product.slug}`;
  const availability = AVAILABILITY[product.stock_status];
  const prices = product.variations
    .map((variation) => variation.display_price)
    .filter((price) => Number.isFinite(price));
  const offers =
    product.type === 'variable' && prices.length > 0
      ? {
          '@type': 'AggregateOffer',
          priceCurrency: 'USD',
          lowPrice: money(Math.min(...prices)),
          highPrice: money(Math.max(...prices)),
          offerCount: prices.length,
          availability,
          url,
        }
      : {
          '@type': 'Offer',
          priceCurrency: 'USD',
          price: money(Number(product.price)),
          availability,
          url,
        };
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: decodeEntities(product.name),
    ...(description ? { description } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    url,
    image: product.images.map((image) => absoluteUrl(origin, image.src)),
    brand: { '@type': 'Brand', name: ORGANIZATION.name },
    offers,
    // Only a product with ratings may carry an AggregateRating (search engines reject a zero count).
    ...(product.rating_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(product.average_rating),
            reviewCount: product.rating_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export interface BlogPostingLdInput {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  modified?: string;
  image: string | null;
}

export function blogPostingJsonLd(post: BlogPostingLdInput, origin: string) {
  const url = `${origin}/blog/${post.slug}`;
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    ...(post.excerpt ? { description: post.excerpt } : {}),
    author: { '@type': 'Person', name: post.author },
    datePublished: isoDate(post.date),
    ...(post.modified ? { dateModified: isoDate(post.modified) } : {}),
    ...(post.image ? { image: [absoluteUrl(origin, post.image)] } : {}),
    url,
    mainEntityOfPage: url,
    publisher: {
      '@type': 'Organization',
      name: ORGANIZATION.name,
      logo: absoluteUrl(origin, ORGANIZATION.logoPath),
    },
  };
}

export interface StoreLdInput {
  name: string;
  street: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  website: string;
  latitude: number;
  longitude: number;
}

/** The stockists as an ItemList of Store (a LocalBusiness). */
export function storeListJsonLd(stores: readonly StoreLdInput[]) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: `Where to buy ${ORGANIZATION.name}`,
    numberOfItems: stores.length,
    itemListElement: stores.map((store, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: {
        '@type': 'Store',
        name: store.name,
        address: postalAddress({ ...store }),
        ...(store.phone ? { telephone: store.phone } : {}),
        ...(store.website ? { url: store.website } : {}),
        geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude },
      },
    })),
  };
}
