import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { inIdOrder, pageOfIds, qualified } from '../../db/paging.ts';
import {
  locations,
  pages,
  postCategories,
  postCategoryAssignments,
  posts,
  teamMembers,
} from '../../db/schema.ts';
import { likePattern } from '../../http/format.ts';

export interface ContentFilter {
  ids?: number[];
  excludeIds?: number[];
  slugs?: string[];
  search?: string;
  categoryIds?: number[];
}

export interface ContentListOptions {
  orderBy: 'date' | 'id' | 'include' | 'modified' | 'slug' | 'title' | 'menu_order';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

interface ContentColumns {
  id: PgColumn;
  slug: PgColumn;
  title: PgColumn;
  content: PgColumn;
  status: PgColumn;
  createdAt: PgColumn;
  modifiedAt: PgColumn;
  menuOrder?: PgColumn;
}

function contentConditions(
  table: ContentColumns,
  filter: ContentFilter,
  extra: (SQL | undefined)[] = [],
) {
  const conditions: (SQL | undefined)[] = [eq(table.status, 'publish'), ...extra];
  if (filter.ids) conditions.push(inArray(table.id, filter.ids));
  if (filter.excludeIds?.length) conditions.push(notInArray(table.id, filter.excludeIds));
  if (filter.slugs) conditions.push(inArray(table.slug, filter.slugs));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(table.title, pattern), ilike(table.content, pattern)));
  }
  return and(...conditions);
}

function contentOrdering(
  table: ContentColumns,
  options: ContentListOptions,
  includeIds?: number[],
): SQL[] {
  const direction = options.order === 'asc' ? asc : desc;
  if (options.orderBy === 'include' && includeIds?.length) {
    const list = sql.join(
      includeIds.map((id) => sql`${id}::int`),
      sql`, `,
    );
    return [sql`array_position(array[${list}], ${table.id})`];
  }
  const column = {
    date: table.createdAt,
    id: table.id,
    include: table.id,
    modified: table.modifiedAt,
    slug: table.slug,
    title: table.title,
    menu_order: table.menuOrder ?? table.id,
  }[options.orderBy];
  return [direction(column), direction(table.id)];
}

const totalOf = (rows: { total: number }[]) => rows[0]?.total ?? 0;

const teamColumns = (): ContentColumns => ({ ...teamMembers, title: teamMembers.name });
const locationColumns = (): ContentColumns => ({ ...locations, title: locations.name });

export function createContentRepo(db: Database) {
  const idPage = (
    table: PgTable,
    columns: ContentColumns,
    where: SQL | undefined,
    options: ContentListOptions,
    includeIds?: number[],
  ) =>
    pageOfIds(
      db,
      table,
      columns.id,
      where,
      contentOrdering(columns, options, includeIds),
      options.limit,
      options.offset,
    );

  return {
    async listPages(filter: ContentFilter, options: ContentListOptions) {
      const { ids, total } = await idPage(
        pages,
        pages,
        contentConditions(pages, filter),
        options,
        filter.ids,
      );
      const rows = ids.length
        ? await db.query.pages.findMany({
            where: inArray(pages.id, ids),
            with: { author: { with: { avatar: true } }, featuredMedia: true, headerImage: true },
          })
        : [];
      return { rows: inIdOrder(ids, rows), total };
    },

    async listPosts(filter: ContentFilter, options: ContentListOptions) {
      const where = contentConditions(posts, filter, [
        filter.categoryIds?.length
          ? sql`exists (select 1 from ${postCategoryAssignments} where ${qualified(postCategoryAssignments.postId)} = ${qualified(posts.id)} and ${inArray(postCategoryAssignments.categoryId, filter.categoryIds)})`
          : undefined,
      ]);
      const { ids, total } = await idPage(posts, posts, where, options, filter.ids);
      const rows = ids.length
        ? await db.query.posts.findMany({
            where: inArray(posts.id, ids),
            with: {
              author: { with: { avatar: true } },
              featuredMedia: true,
              categoryAssignments: true,
            },
          })
        : [];
      return { rows: inIdOrder(ids, rows), total };
    },

    async listTeam(filter: ContentFilter, options: ContentListOptions) {
      const columns = teamColumns();
      const { ids, total } = await idPage(
        teamMembers,
        columns,
        contentConditions(columns, filter),
        options,
        filter.ids,
      );
      const rows = ids.length
        ? await db.query.teamMembers.findMany({
            where: inArray(teamMembers.id, ids),
            with: { featuredMedia: true },
          })
        : [];
      return { rows: inIdOrder(ids, rows), total };
    },

    async listLocations(filter: ContentFilter, options: ContentListOptions) {
      const columns = locationColumns();
      const { ids, total } = await idPage(
        locations,
        columns,
        contentConditions(columns, filter),
        options,
        filter.ids,
      );
      const rows = ids.length
        ? await db.query.locations.findMany({
            where: inArray(locations.id, ids),
            with: { featuredMedia: true },
          })
        : [];
      return { rows: inIdOrder(ids, rows), total };
    },

    async listPostCategories(
      filter: { ids?: number[]; slugs?: string[]; hideEmpty?: boolean },
      options: {
        orderBy: 'id' | 'name' | 'slug' | 'count';
        order: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const postCount = sql<number>`(
        select count(*)::int from ${postCategoryAssignments}
        inner join ${posts} on ${qualified(posts.id)} = ${qualified(postCategoryAssignments.postId)}
        where ${qualified(postCategoryAssignments.categoryId)} = ${qualified(postCategories.id)} and ${qualified(posts.status)} = 'publish'
      )`;
      const conditions: (SQL | undefined)[] = [];
      if (filter.ids) conditions.push(inArray(postCategories.id, filter.ids));
      if (filter.slugs) conditions.push(inArray(postCategories.slug, filter.slugs));
      if (filter.hideEmpty) conditions.push(sql`${postCount} > 0`);
      const where = and(...conditions);
      const direction = options.order === 'asc' ? asc : desc;
      const column = {
        id: postCategories.id,
        name: postCategories.name,
        slug: postCategories.slug,
        count: postCount,
      }[options.orderBy];
      const [rows, total] = await Promise.all([
        db
          .select({
            id: postCategories.id,
            name: postCategories.name,
            slug: postCategories.slug,
            description: postCategories.description,
            parentId: postCategories.parentId,
            count: postCount,
          })
          .from(postCategories)
          .where(where)
          .orderBy(direction(column), direction(postCategories.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ total: count() }).from(postCategories).where(where).then(totalOf),
      ]);
      return { rows, total };
    },
  };
}

export type ContentRepo = ReturnType<typeof createContentRepo>;
export type PageRow = Awaited<ReturnType<ContentRepo['listPages']>>['rows'][number];
export type PostRow = Awaited<ReturnType<ContentRepo['listPosts']>>['rows'][number];
export type TeamRow = Awaited<ReturnType<ContentRepo['listTeam']>>['rows'][number];
export type LocationRow = Awaited<ReturnType<ContentRepo['listLocations']>>['rows'][number];
export type PostCategoryRow = Awaited<
  ReturnType<ContentRepo['listPostCategories']>
>['rows'][number];
