import { centsOf, toMoneyString } from '@larder/contract/money';
import type { ShopIdentity } from '@larder/contract';
import { BRAND } from '../../lib/brand.ts';
import { decodeEntities, stripTags } from '../../lib/text.ts';
import { absoluteUrl } from './seo.ts';

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

export function organizationJsonLd(origin: string, shop: ShopIdentity) {
  const { street, suite } = shop.address;
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: shop.name,
    url: `${origin}/`,
    logo: absoluteUrl(origin, BRAND.logoPath),
    email: shop.email,
    telephone: shop.phone,
    address: postalAddress({
      ...shop.address,
      street: suite ? `${street}, ${suite}` : street,
    }),
    sameAs: BRAND.social.map((link) => link.href),
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

const money = (value: number | string) => toMoneyString(centsOf(value));

/** Product with an Offer (simple) or an AggregateOffer over the variations (variable), in USD. */
export function productJsonLd(product: ProductLdInput, publicUrl: string, shopName: string) {
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
          price: money(product.price),
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
    brand: { '@type': 'Brand', name: shopName },
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

export function blogPostingJsonLd(post: BlogPostingLdInput, origin: string, shopName: string) {
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
      name: shopName,
      logo: absoluteUrl(origin, BRAND.logoPath),
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
export function storeListJsonLd(stores: readonly StoreLdInput[], shopName: string) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: `Where to buy ${shopName}`,
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
