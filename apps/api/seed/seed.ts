import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import {
  authors,
  dataMarkers,
  locations,
  media,
  pages,
  postCategories,
  postCategoryAssignments,
  posts,
  productCategories,
  productCategoryAssignments,
  productImages,
  productReviews,
  products,
  productVariations,
  teamMembers,
} from '../src/db/schema.ts';
import { retailCents } from '../src/modules/pricing/viewer-price.ts';
import {
  productRuleColumns,
  variationRuleColumns,
} from '../src/modules/pricing/wholesale-rules.ts';
import { productCategorySeeds, productSeeds } from './data/catalog.ts';
import { pageSeeds } from './data/pages.ts';
import { locationSeeds, teamSeeds } from './data/people.ts';
import { postCategorySeeds, postSeeds } from './data/posts.ts';
import { shopTheRecipe } from './data/recipe-products.ts';
import { reviewSeeds } from './data/reviews.ts';
import { imageFiles, productSizeImage, seedImages } from './images.ts';
import { seedShippingZones } from './shipping-zones.ts';
import { seedTaxRates } from './tax-rates.ts';
import { seedDemoCoupons } from './coupons.ts';
import { seedWholesaleMinimums } from './wholesale-minimums.ts';

/** Bump when the demo data changes shape; a database seeded by an older version is left alone. */
export const DEMO_SEED_MARKER = 'demo-brand-v1';
/** Reviews came after the brand: their own marker lets a shop seeded before them get them once. */
export const DEMO_REVIEWS_MARKER = 'demo-reviews-v1';

/** Fixed dates so the demo reads the same on every machine. */
const LAUNCH = new Date('2024-01-15T12:00:00Z');

const byKey = <T, K extends string | number>(rows: T[], key: (row: T) => K) =>
  new Map(rows.map((row) => [key(row), row] as const));

function required<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed: unknown reference "${key}"`);
  return value;
}

/**
 * Seeds the demo brand once, then its reviews, the shipping zones, the tax rates and the demo codes once each. Each marker row is
 * inserted first inside the same transaction, so a second start (or a second process starting at
 * the same moment) finds it and changes nothing.
 */
export async function seedDemoData(db: Database): Promise<{ applied: boolean }> {
  const brand = await seedDemoBrand(db);
  const reviews = await seedDemoReviews(db);
  const shipping = await seedShippingZones(db);
  const tax = await seedTaxRates(db);
  const codes = await seedDemoCoupons(db);
  const minimums = await seedWholesaleMinimums(db);
  return {
    applied:
      brand.applied ||
      reviews.applied ||
      shipping.applied ||
      tax.applied ||
      codes.applied ||
      minimums.applied,
  };
}

/** Approved reviews for the demo products; only where the demo brand was seeded. */
async function seedDemoReviews(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const [brand] = await tx
      .select()
      .from(dataMarkers)
      .where(eq(dataMarkers.name, DEMO_SEED_MARKER));
    if (!brand) return { applied: false };
    const claimed = await tx
      .insert(dataMarkers)
      .values({ name: DEMO_REVIEWS_MARKER })
      .onConflictDoNothing()
      .returning({ name: dataMarkers.name });
    if (claimed.length === 0) return { applied: false };

    const slugs = [...new Set(reviewSeeds.map((review) => review.product))];
    const productRows = await tx
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.slug, slugs));
    const productBySlug = byKey(productRows, (row) => row.slug);
    // A demo product the merchant has since deleted simply gets no reviews.
    const values = reviewSeeds.flatMap((review) => {
      const product = productBySlug.get(review.product);
      if (!product) return [];
      const date = new Date(review.date);
      return [
        {
          productId: product.id,
          status: 'approved' as const,
          reviewer: review.reviewer,
          reviewerEmail: review.email,
          review: review.review,
          rating: review.rating,
          notifiedAt: date,
          createdAt: date,
        },
      ];
    });
    if (values.length > 0) await tx.insert(productReviews).values(values);
    return { applied: true };
  });
}

async function seedDemoBrand(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(dataMarkers)
      .values({ name: DEMO_SEED_MARKER })
      .onConflictDoNothing()
      .returning({ name: dataMarkers.name });
    if (claimed.length === 0) return { applied: false };

    const mediaRows = await tx
      .insert(media)
      .values(
        seedImages.map((image) => ({
          slug: image.file.replace(/\.\w+$/, ''),
          title: image.title,
          altText: image.alt,
          file: image.file,
          mimeType: 'image/svg+xml',
          width: image.width,
          height: image.height,
          createdAt: LAUNCH,
          modifiedAt: LAUNCH,
        })),
      )
      .returning({ id: media.id, file: media.file });
    const mediaByFile = byKey(mediaRows, (row) => row.file);
    const mediaId = (file: string) => required(mediaByFile, file).id;

    // ---- catalogue
    const categoryRows = await tx
      .insert(productCategories)
      .values(
        productCategorySeeds.map((category) => ({
          name: category.name,
          slug: category.slug,
          description: category.description,
          menuOrder: category.menuOrder,
          imageMediaId: mediaId(imageFiles.category(category.slug)),
        })),
      )
      .returning({ id: productCategories.id, slug: productCategories.slug });
    const categoryBySlug = byKey(categoryRows, (row) => row.slug);

    const productRows = await tx
      .insert(products)
      .values(
        productSeeds.map((product, index) => {
          const variationPrices = (product.variations ?? []).map((v) =>
            retailCents({ regularPriceCents: v.regular, salePriceCents: v.sale ?? null })!,
          );
          const created = new Date(LAUNCH.getTime() + index * 86_400_000);
          return {
            name: product.name,
            slug: product.slug,
            type: product.variations ? ('variable' as const) : ('simple' as const),
            status: product.status ?? 'publish',
            featured: product.featured ?? false,
            catalogVisibility: product.visibility ?? 'visible',
            description: product.description,
            shortDescription: product.shortDescription,
            sku: product.sku,
            regularPriceCents: product.price?.regular ?? null,
            salePriceCents: product.price?.sale ?? null,
            wholesalePriceCents: product.price?.wholesale ?? null,
            ...(product.price?.wholesaleRules
              ? productRuleColumns(product.price.wholesaleRules)
              : {}),
            priceCents: product.price
              ? retailCents({
                  regularPriceCents: product.price.regular,
                  salePriceCents: product.price.sale ?? null,
                })!
              : Math.min(...variationPrices),
            stockStatus: product.stockStatus ?? 'instock',
            weight: product.price?.weight ?? '',
            length: '6',
            width: '3',
            height: '10',
            totalSales: product.totalSales,
            menuOrder: product.menuOrder,
            attributes: (product.attributes ?? []).map((attribute) => ({
              name: attribute.name,
              options: attribute.options,
              visible: true,
              variation: true,
            })),
            food: product.food,
            createdAt: created,
            modifiedAt: created,
          };
        }),
      )
      .returning({ id: products.id, slug: products.slug });
    const productBySlug = byKey(productRows, (row) => row.slug);

    const variationValues = productSeeds.flatMap((product) =>
      (product.variations ?? []).map((variation, index) => ({
        productId: required(productBySlug, product.slug).id,
        sku: `${product.sku}-${Object.values(variation.attributes)
          .map((value) => value.replace(/[^A-Za-z0-9]+/g, '').toUpperCase())
          .join('-')}`,
        attributes: variation.attributes,
        regularPriceCents: variation.regular,
        salePriceCents: variation.sale ?? null,
        wholesalePriceCents: variation.wholesale ?? null,
        ...variationRuleColumns(variation.wholesaleRules ?? null),
        stockStatus: variation.stockStatus ?? ('instock' as const),
        weight: variation.weight,
        // Each size shows its own bag (decision 0043); a variation without a size shows the product's.
        imageMediaId: mediaId(
          variation.attributes.Size
            ? productSizeImage(product, variation.attributes.Size)
            : imageFiles.product(product.slug),
        ),
        menuOrder: index,
      })),
    );
    if (variationValues.length > 0) await tx.insert(productVariations).values(variationValues);

    await tx.insert(productImages).values(
      productSeeds.map((product) => ({
        productId: required(productBySlug, product.slug).id,
        mediaId: mediaId(imageFiles.product(product.slug)),
        position: 0,
      })),
    );
    await tx.insert(productCategoryAssignments).values(
      productSeeds.flatMap((product) =>
        product.categories.map((slug) => ({
          productId: required(productBySlug, product.slug).id,
          categoryId: required(categoryBySlug, slug).id,
        })),
      ),
    );

    // ---- people
    const authorRows = await tx
      .insert(authors)
      .values(
        teamSeeds.flatMap((member) =>
          member.author
            ? [
                {
                  name: member.name,
                  slug: member.author.slug,
                  description: member.author.description,
                  avatarMediaId: mediaId(imageFiles.team(member.slug)),
                },
              ]
            : [],
        ),
      )
      .returning({ id: authors.id, slug: authors.slug });
    const authorBySlug = byKey(authorRows, (row) => row.slug);
    const maya = required(authorBySlug, 'maya').id;

    await tx.insert(teamMembers).values(
      teamSeeds.map((member) => ({
        slug: member.slug,
        name: member.name,
        content: member.bio,
        role: member.role,
        shortBio: member.shortBio,
        menuOrder: member.menuOrder,
        featuredMediaId: mediaId(imageFiles.team(member.slug)),
        createdAt: LAUNCH,
        modifiedAt: LAUNCH,
      })),
    );

    await tx.insert(locations).values(
      locationSeeds.map((location) => ({
        slug: location.slug,
        name: location.name,
        content: `<p>${location.note}</p>`,
        address: location.address,
        city: location.city,
        state: location.state,
        postcode: location.postcode,
        country: 'US',
        phone: location.phone,
        website: location.website,
        latitude: location.latitude,
        longitude: location.longitude,
        createdAt: LAUNCH,
        modifiedAt: LAUNCH,
      })),
    );

    // ---- content
    await tx.insert(pages).values(
      pageSeeds.map((page) => {
        const header = page.art ? imageFiles.header(page.slug) : imageFiles.defaultHeader;
        return {
          slug: page.slug,
          title: page.title,
          content: page.content,
          excerpt: page.excerpt ?? '',
          authorId: maya,
          menuOrder: page.menuOrder,
          featuredMediaId:
            page.slug === 'minority-business-enterprise-certification'
              ? mediaId(imageFiles.mbeBadge)
              : null,
          hero: page.hero,
          headerImageMediaId: mediaId(header),
          createdAt: LAUNCH,
          modifiedAt: LAUNCH,
        };
      }),
    );

    const postCategoryRows = await tx
      .insert(postCategories)
      .values(postCategorySeeds)
      .returning({ id: postCategories.id, slug: postCategories.slug });
    const postCategoryBySlug = byKey(postCategoryRows, (row) => row.slug);

    const postRows = await tx
      .insert(posts)
      .values(
        postSeeds.map((post) => ({
          slug: post.slug,
          title: post.title,
          content: post.content + shopTheRecipe(post.slug),
          excerpt: post.excerpt,
          authorId: required(authorBySlug, post.author).id,
          featuredMediaId: mediaId(imageFiles.post(post.slug)),
          sticky: post.sticky ?? false,
          createdAt: new Date(post.date),
          modifiedAt: new Date(post.date),
        })),
      )
      .returning({ id: posts.id, slug: posts.slug });
    const postBySlug = byKey(postRows, (row) => row.slug);
    await tx.insert(postCategoryAssignments).values(
      postSeeds.flatMap((post) =>
        post.categories.map((slug) => ({
          postId: required(postBySlug, post.slug).id,
          categoryId: required(postCategoryBySlug, slug).id,
        })),
      ),
    );

    return { applied: true };
  });
}
