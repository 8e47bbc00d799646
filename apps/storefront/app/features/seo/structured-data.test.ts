import { describe, expect, it } from 'vitest';
import {
  blogPostingJsonLd,
  organizationJsonLd,
  productJsonLd,
  storeListJsonLd,
  type ProductLdInput,
} from './structured-data.ts';
import { demoShop } from '../../test/shop.ts';

const origin = 'https://larder.example';

const product = (overrides: Partial<ProductLdInput> = {}): ProductLdInput => ({
  name: 'Honey Oat Granola',
  slug: 'honey-oat',
  sku: 'HO-12',
  type: 'simple',
  price: '9.5',
  stock_status: 'instock',
  average_rating: '0.00',
  rating_count: 0,
  images: [{ src: '/wp-content/uploads/honey.jpg' }],
  variations: [],
  ...overrides,
});

describe('productJsonLd', () => {
  it('gives a simple product one Offer in USD with its availability', () => {
    const ld = productJsonLd(
      product({ short_description: '<p>Crunchy &amp; golden.</p>' }),
      `${origin}/`,
      'Larder & Oat',
    );
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Honey Oat Granola',
      description: 'Crunchy & golden.',
      url: 'https://larder.example/product/honey-oat',
      image: ['https://larder.example/wp-content/uploads/honey.jpg'],
      offers: {
        '@type': 'Offer',
        price: '9.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('gives a variable product an AggregateOffer from the lowest to the highest variation', () => {
    const ld = productJsonLd(
      product({
        type: 'variable',
        stock_status: 'onbackorder',
        variations: [
          { display_price: 24, is_in_stock: true },
          { display_price: 9, is_in_stock: true },
          { display_price: 14.5, is_in_stock: false },
        ],
      }),
      origin,
      'Larder & Oat',
    );
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '9.00',
      highPrice: '24.00',
      offerCount: 3,
      priceCurrency: 'USD',
      availability: 'https://schema.org/BackOrder',
    });
    expect(ld).not.toHaveProperty('description');
  });

  it('adds AggregateRating only when the product has ratings', () => {
    expect(productJsonLd(product(), origin, 'Larder & Oat')).not.toHaveProperty('aggregateRating');
    expect(
      productJsonLd(product({ average_rating: '4.50', rating_count: 6 }), origin, 'Larder & Oat')
        .aggregateRating,
    ).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 6,
      bestRating: 5,
      worstRating: 1,
    });
  });
});

describe('other structured data', () => {
  it('describes the organisation with its address, logo and social profiles', () => {
    const ld = organizationJsonLd(origin, demoShop);
    expect(ld).toMatchObject({
      '@type': 'Organization',
      name: 'Larder & Oat',
      url: 'https://larder.example/',
    });
    expect(ld.logo).toBe('https://larder.example/favicon.svg');
    expect(ld.address).toMatchObject({
      addressLocality: 'Durham',
      addressRegion: 'NC',
      postalCode: '27701',
    });
    expect(ld.sameAs.length).toBeGreaterThan(0);
  });

  it('describes a post with headline, author, GMT date and an absolute image', () => {
    const ld = blogPostingJsonLd(
      {
        slug: 'crisp',
        title: 'Apple crisp',
        excerpt: 'Autumn.',
        author: 'Maya',
        date: '2026-10-01T08:00:00',
        image: '/a.jpg',
      },
      origin,
      'Larder & Oat',
    );
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Apple crisp',
      author: { '@type': 'Person', name: 'Maya' },
      datePublished: '2026-10-01T08:00:00Z',
      image: ['https://larder.example/a.jpg'],
      url: 'https://larder.example/blog/crisp',
    });
  });

  it('lists stores with address, telephone and coordinates', () => {
    const ld = storeListJsonLd(
      [
        {
          name: 'Bull City Pantry',
          street: '412 W Main St',
          city: 'Durham',
          state: 'NC',
          postcode: '27701',
          country: 'US',
          phone: '(919) 555-0187',
          website: 'https://b.test',
          latitude: 35.99,
          longitude: -78.9,
        },
      ],
      'Larder & Oat',
    );
    expect(ld).toMatchObject({ '@type': 'ItemList', numberOfItems: 1 });
    expect(ld.itemListElement[0]).toMatchObject({
      position: 1,
      item: {
        '@type': 'Store',
        name: 'Bull City Pantry',
        telephone: '(919) 555-0187',
        address: { streetAddress: '412 W Main St', addressRegion: 'NC' },
        geo: { latitude: 35.99, longitude: -78.9 },
      },
    });
  });
});

describe('structured data of a shop with its own SHOP_* settings', () => {
  const shop = {
    name: 'Fennel & Rye',
    tagline: 'Rye crackers.',
    email: 'hi@fennel.example',
    phone: '+44 113 496 0000',
    address: {
      street: '1 Mill Lane',
      suite: '',
      city: 'Leeds',
      state: 'West Yorkshire',
      postcode: 'LS1 4AP',
      country: 'GB',
    },
  };

  it('names the organisation, its address and phone from what the loader gives', () => {
    expect(organizationJsonLd(origin, shop)).toMatchObject({
      name: 'Fennel & Rye',
      email: 'hi@fennel.example',
      telephone: '+44 113 496 0000',
      address: {
        streetAddress: '1 Mill Lane',
        addressLocality: 'Leeds',
        postalCode: 'LS1 4AP',
        addressCountry: 'GB',
      },
    });
  });

  it('names the shop as the product brand', () => {
    expect(productJsonLd(product(), origin, shop.name).brand).toEqual({
      '@type': 'Brand',
      name: 'Fennel & Rye',
    });
  });
});
