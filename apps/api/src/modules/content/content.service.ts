import type {
  Author,
  ImageRef,
  Location,
  LocationListQuery,
  Media,
  Page,
  PageListQuery,
  Post,
  PostCategory,
  PostCategoryListQuery,
  PostListQuery,
  TeamListQuery,
  TeamMember,
} from '@larder/contract';
import type { authors, media } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { formatWpDate, uploadsUrl } from '../../http/format.ts';
import { assertPageInRange, type PageWindow } from '../../http/pagination.ts';
import { sanitizeRichText } from '../../http/sanitize.ts';
import type {
  ContentFilter,
  ContentListOptions,
  ContentRepo,
  LocationRow,
  PageRow,
  PostCategoryRow,
  PostRow,
  TeamRow,
} from './content.repo.ts';

type MediaRow = typeof media.$inferSelect;
type AuthorRow = typeof authors.$inferSelect & { avatar: MediaRow | null };

export interface ContentServiceOptions {
  publicUrl: string;
}

/** `_embed` alone embeds everything; `_embed=author,wp:featuredmedia` only those relations. */
export function embedRelations(embed: string | undefined): Set<string> | null {
  if (embed === undefined) return null;
  const names = embed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return new Set(
    names.length === 0 || names.includes('1') || names.includes('true') ? ['*'] : names,
  );
}
const wants = (relations: Set<string> | null, name: string) =>
  relations !== null && (relations.has('*') || relations.has(name));

/** Titles are HTML in WordPress; only inline formatting survives. */
const renderTitle = (title: string) =>
  sanitizeRichText(title).replace(/<\/?(p|div|h\d|ul|ol|li|img|table)[^>]*>/g, '');

const toImageRef = (row: MediaRow): ImageRef => ({
  id: row.id,
  src: uploadsUrl(row.file),
  alt: row.altText,
  width: row.width,
  height: row.height,
  sizes: row.sizes,
});

const toMedia = (row: MediaRow): Media => ({
  id: row.id,
  slug: row.slug,
  type: 'attachment',
  title: { rendered: renderTitle(row.title) },
  alt_text: row.altText,
  media_type: 'image',
  mime_type: row.mimeType,
  media_details: { width: row.width, height: row.height, file: row.file, sizes: row.sizes },
  source_url: uploadsUrl(row.file),
});

const toAuthor = (row: AuthorRow): Author => {
  const avatar = row.avatar ? uploadsUrl(row.avatar.file) : '';
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    avatar_urls: avatar ? { '24': avatar, '48': avatar, '96': avatar } : {},
  };
};

function wpFields(
  row: {
    id: number;
    slug: string;
    title: string;
    createdAt: Date;
    modifiedAt: Date;
    featuredMediaId: number | null;
  },
  link: string,
) {
  return {
    id: row.id,
    date: formatWpDate(row.createdAt),
    date_gmt: formatWpDate(row.createdAt),
    modified: formatWpDate(row.modifiedAt),
    modified_gmt: formatWpDate(row.modifiedAt),
    slug: row.slug,
    status: 'publish' as const,
    link,
    title: { rendered: renderTitle(row.title) },
    featured_media: row.featuredMediaId ?? 0,
  };
}

const rendered = (html: string) => ({ rendered: sanitizeRichText(html), protected: false });

function embedded(
  relations: Set<string> | null,
  parts: { author?: AuthorRow | null; featuredMedia?: MediaRow | null },
): Page['_embedded'] {
  if (relations === null) return undefined;
  const result: NonNullable<Page['_embedded']> = {};
  if (parts.author && wants(relations, 'author')) result.author = [toAuthor(parts.author)];
  if (parts.featuredMedia && wants(relations, 'wp:featuredmedia')) {
    result['wp:featuredmedia'] = [toMedia(parts.featuredMedia)];
  }
  return result;
}

function withEmbedded<T extends object>(object: T, value: Page['_embedded']): T {
  return value === undefined ? object : { ...object, _embedded: value };
}

function filterFrom(query: {
  include?: number[];
  exclude?: number[];
  slug?: string[];
  search?: string;
}): ContentFilter {
  return { ids: query.include, excludeIds: query.exclude, slugs: query.slug, search: query.search };
}

function optionsFrom(
  query: PageWindowQuery & { orderby: ContentListOptions['orderBy']; order: 'asc' | 'desc' },
) {
  return {
    orderBy: query.orderby,
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
}

interface PageWindowQuery {
  page: number;
  per_page: number;
}

/** Shared list rules: 404 for an unmatched slug, 400 for a page past the end. */
function checkList(query: PageWindowQuery & { slug?: string[] }, total: number): PageWindow {
  if (query.slug !== undefined && total === 0) {
    throw new ApiError(404, 'rest_post_invalid_slug', 'No item matches the given slug.');
  }
  const window = { page: query.page, perPage: query.per_page };
  assertPageInRange(window, total);
  return window;
}

const invalidId = () => new ApiError(404, 'rest_post_invalid_id', 'Invalid post ID.');

export function createContentService(repo: ContentRepo, { publicUrl }: ContentServiceOptions) {
  const toPage = (row: PageRow, relations: Set<string> | null): Page =>
    withEmbedded(
      {
        ...wpFields(row, row.slug === 'home' ? `${publicUrl}/` : `${publicUrl}/${row.slug}`),
        type: 'page' as const,
        content: rendered(row.content),
        excerpt: rendered(row.excerpt),
        author: row.authorId ?? 0,
        parent: row.parentId,
        menu_order: row.menuOrder,
        acf: { ...row.hero, header_image: row.headerImage ? toImageRef(row.headerImage) : null },
      },
      embedded(relations, { author: row.author, featuredMedia: row.featuredMedia }),
    );

  const toPost = (row: PostRow, relations: Set<string> | null): Post =>
    withEmbedded(
      {
        ...wpFields(row, `${publicUrl}/blog/${row.slug}`),
        type: 'post' as const,
        content: rendered(row.content),
        excerpt: rendered(row.excerpt),
        author: row.authorId,
        sticky: row.sticky,
        format: 'standard' as const,
        categories: row.categoryAssignments
          .map((assignment) => assignment.categoryId)
          .sort((a, b) => a - b),
        tags: [],
        author_info: { name: row.author.name, slug: row.author.slug },
        featured_image: row.featuredMedia ? toImageRef(row.featuredMedia) : null,
      },
      embedded(relations, { author: row.author, featuredMedia: row.featuredMedia }),
    );

  const toTeamMember = (row: TeamRow, relations: Set<string> | null): TeamMember =>
    withEmbedded(
      {
        ...wpFields({ ...row, title: row.name }, `${publicUrl}/about#${row.slug}`),
        type: 'team' as const,
        content: rendered(row.content),
        menu_order: row.menuOrder,
        acf: { role: row.role, short_bio: row.shortBio },
      },
      embedded(relations, { featuredMedia: row.featuredMedia }),
    );

  const toLocation = (row: LocationRow, relations: Set<string> | null): Location =>
    withEmbedded(
      {
        ...wpFields({ ...row, title: row.name }, `${publicUrl}/where-to-buy#${row.slug}`),
        type: 'locations' as const,
        content: rendered(row.content),
        acf: {
          address: row.address,
          city: row.city,
          state: row.state,
          postcode: row.postcode,
          country: row.country,
          phone: row.phone,
          website: row.website,
          latitude: row.latitude,
          longitude: row.longitude,
        },
      },
      embedded(relations, { featuredMedia: row.featuredMedia }),
    );

  const toPostCategory = (row: PostCategoryRow): PostCategory => ({
    id: row.id,
    count: row.count,
    description: row.description,
    link: `${publicUrl}/blog?category=${encodeURIComponent(row.slug)}`,
    name: row.name,
    slug: row.slug,
    taxonomy: 'category',
    parent: row.parentId,
  });

  const single = { orderBy: 'id' as const, order: 'asc' as const, limit: 1, offset: 0 };

  return {
    async listPages(query: PageListQuery) {
      const { rows, total } = await repo.listPages(filterFrom(query), optionsFrom(query));
      const window = checkList(query, total);
      const relations = embedRelations(query._embed);
      return { items: rows.map((row) => toPage(row, relations)), total, window };
    },
    async getPage(id: number, embed: string | undefined) {
      const { rows } = await repo.listPages({ ids: [id] }, single);
      if (!rows[0]) throw invalidId();
      return toPage(rows[0], embedRelations(embed));
    },

    async listPosts(query: PostListQuery) {
      const filter = { ...filterFrom(query), categoryIds: query.categories };
      const { rows, total } = await repo.listPosts(filter, optionsFrom(query));
      const window = checkList(query, total);
      const relations = embedRelations(query._embed);
      return { items: rows.map((row) => toPost(row, relations)), total, window };
    },
    async getPost(id: number, embed: string | undefined) {
      const { rows } = await repo.listPosts({ ids: [id] }, single);
      if (!rows[0]) throw invalidId();
      return toPost(rows[0], embedRelations(embed));
    },

    async listTeam(query: TeamListQuery) {
      const { rows, total } = await repo.listTeam(filterFrom(query), optionsFrom(query));
      const window = checkList(query, total);
      const relations = embedRelations(query._embed);
      return { items: rows.map((row) => toTeamMember(row, relations)), total, window };
    },
    async getTeamMember(id: number, embed: string | undefined) {
      const { rows } = await repo.listTeam({ ids: [id] }, single);
      if (!rows[0]) throw invalidId();
      return toTeamMember(rows[0], embedRelations(embed));
    },

    async listLocations(query: LocationListQuery) {
      const { rows, total } = await repo.listLocations(filterFrom(query), optionsFrom(query));
      const window = checkList(query, total);
      const relations = embedRelations(query._embed);
      return { items: rows.map((row) => toLocation(row, relations)), total, window };
    },
    async getLocation(id: number, embed: string | undefined) {
      const { rows } = await repo.listLocations({ ids: [id] }, single);
      if (!rows[0]) throw invalidId();
      return toLocation(rows[0], embedRelations(embed));
    },

    async listPostCategories(query: PostCategoryListQuery) {
      const hideEmpty = query.hide_empty === 'true' || query.hide_empty === '1';
      const { rows, total } = await repo.listPostCategories(
        { slugs: query.slug, hideEmpty },
        {
          orderBy: query.orderby,
          order: query.order,
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        },
      );
      if (query.slug !== undefined && total === 0) {
        throw new ApiError(404, 'rest_term_invalid_slug', 'No category matches the given slug.');
      }
      const window = { page: query.page, perPage: query.per_page };
      assertPageInRange(window, total);
      return { items: rows.map(toPostCategory), total, window };
    },
    async getPostCategory(id: number) {
      const { rows } = await repo.listPostCategories({ ids: [id] }, { ...single, orderBy: 'id' });
      if (!rows[0]) throw new ApiError(404, 'rest_term_invalid', 'Term does not exist.');
      return toPostCategory(rows[0]);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
