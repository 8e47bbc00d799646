import { z } from 'zod';
import {
  SortOrderSchema,
  PaginationQuerySchema,
  ProtectedRenderedSchema,
  queryCsv,
  queryEmbed,
  queryIdList,
  RenderedSchema,
} from './common.ts';
import { ImageRefSchema, MediaSchema } from './media.ts';

/** Hero and page-chrome data kept with each page (an ACF field group on the old site). */
export const PageHeroSchema = z.object({
  header_title: z.string(),
  header_deck: z.string(),
  header_button: z.object({ title: z.string(), url: z.string() }).nullable(),
  header_image: ImageRefSchema.nullable(),
  large_header: z.boolean(),
  hide_header: z.boolean(),
  hide_footer: z.boolean(),
});
export type PageHero = z.infer<typeof PageHeroSchema>;

export const AuthorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  avatar_urls: z.record(z.string(), z.string()),
});
export type Author = z.infer<typeof AuthorSchema>;

/** `_embedded` mirrors WordPress: every value is an array. */
export const EmbeddedSchema = z.object({
  author: z.array(AuthorSchema).optional(),
  'wp:featuredmedia': z.array(MediaSchema).optional(),
});

const wpObjectFields = {
  id: z.number().int(),
  date: z.string(),
  date_gmt: z.string(),
  modified: z.string(),
  modified_gmt: z.string(),
  slug: z.string(),
  status: z.literal('publish'),
  link: z.string(),
  title: RenderedSchema,
  featured_media: z.number().int(),
  _embedded: EmbeddedSchema.optional(),
};

export const PageSchema = z.object({
  ...wpObjectFields,
  type: z.literal('page'),
  content: ProtectedRenderedSchema,
  excerpt: ProtectedRenderedSchema,
  author: z.number().int(),
  parent: z.number().int(),
  menu_order: z.number().int(),
  acf: PageHeroSchema,
});
export type Page = z.infer<typeof PageSchema>;

export const PostSchema = z.object({
  ...wpObjectFields,
  type: z.literal('post'),
  content: ProtectedRenderedSchema,
  excerpt: ProtectedRenderedSchema,
  author: z.number().int(),
  sticky: z.boolean(),
  format: z.literal('standard'),
  categories: z.array(z.number().int()),
  tags: z.array(z.number().int()),
  /** Spec §3: the author's display name, without needing `_embed`. */
  author_info: z.object({ name: z.string(), slug: z.string() }),
  /** The featured image, without needing `_embed`. */
  featured_image: ImageRefSchema.nullable(),
});
export type Post = z.infer<typeof PostSchema>;

export const TeamMemberSchema = z.object({
  ...wpObjectFields,
  type: z.literal('team'),
  content: ProtectedRenderedSchema,
  menu_order: z.number().int(),
  acf: z.object({ role: z.string(), short_bio: z.string() }),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const LocationSchema = z.object({
  ...wpObjectFields,
  type: z.literal('locations'),
  content: ProtectedRenderedSchema,
  acf: z.object({
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
    phone: z.string(),
    website: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
});
export type Location = z.infer<typeof LocationSchema>;

export const PostCategorySchema = z.object({
  id: z.number().int(),
  count: z.number().int(),
  description: z.string(),
  link: z.string(),
  name: z.string(),
  slug: z.string(),
  taxonomy: z.literal('category'),
  parent: z.number().int(),
});
export type PostCategory = z.infer<typeof PostCategorySchema>;

const contentListQuery = PaginationQuerySchema.extend({
  search: z.string().max(200).optional(),
  slug: queryCsv.optional(),
  include: queryIdList.optional(),
  exclude: queryIdList.optional(),
  order: SortOrderSchema.default('desc'),
  _embed: queryEmbed,
});

export const PageListQuerySchema = contentListQuery.extend({
  orderby: z
    .enum(['date', 'id', 'include', 'modified', 'slug', 'title', 'menu_order'])
    .default('date'),
});
export type PageListQuery = z.infer<typeof PageListQuerySchema>;

export const PostListQuerySchema = contentListQuery.extend({
  categories: queryIdList.optional(),
  orderby: z.enum(['date', 'id', 'include', 'modified', 'slug', 'title']).default('date'),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

export const TeamListQuerySchema = contentListQuery.extend({
  orderby: z.enum(['date', 'id', 'include', 'slug', 'title', 'menu_order']).default('date'),
});
export type TeamListQuery = z.infer<typeof TeamListQuerySchema>;

export const LocationListQuerySchema = contentListQuery.extend({
  orderby: z.enum(['date', 'id', 'include', 'slug', 'title']).default('title'),
  order: SortOrderSchema.default('asc'),
});
export type LocationListQuery = z.infer<typeof LocationListQuerySchema>;

export const PostCategoryListQuerySchema = PaginationQuerySchema.extend({
  slug: queryCsv.optional(),
  hide_empty: z.enum(['true', 'false', '1', '0']).optional(),
  orderby: z.enum(['id', 'name', 'slug', 'count']).default('name'),
  order: SortOrderSchema.default('asc'),
});
export type PostCategoryListQuery = z.infer<typeof PostCategoryListQuerySchema>;
