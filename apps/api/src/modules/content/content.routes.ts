import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  IdParamSchema,
  LocationListQuerySchema,
  LocationSchema,
  PageListQuerySchema,
  PageSchema,
  PostCategoryListQuerySchema,
  PostCategorySchema,
  PostListQuerySchema,
  PostSchema,
  queryEmbed,
  TeamListQuerySchema,
  TeamMemberSchema,
} from '@larder/contract';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { readSource } from '../../http/read-cache.ts';
import type { ContentService } from './content.service.ts';

export interface ContentRoutesOptions {
  content: ContentService;
  /** The same reads on the read database, for the viewers the read cache serves. */
  contentReads: ContentService;
  publicUrl: string;
}

const tags = ['content'];
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };
const SingleQuerySchema = z.object({ _embed: queryEmbed });

export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (
  app,
  { content, contentReads, publicUrl },
) => {
  const source = (request: FastifyRequest) => readSource(request, content, contentReads);
  app.get(
    apiPaths.pages,
    {
      schema: {
        tags,
        summary: 'List pages (with hero data under `acf`)',
        querystring: PageListQuerySchema,
        response: { 200: z.array(PageSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total, window } = await source(request).listPages(request.query);
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return items;
    },
  );
  app.get(
    `${apiPaths.pages}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a page',
        params: IdParamSchema,
        querystring: SingleQuerySchema,
        response: { 200: PageSchema, ...errors },
      },
    },
    async (request) => source(request).getPage(request.params.id, request.query._embed),
  );

  app.get(
    apiPaths.posts,
    {
      schema: {
        tags,
        summary: 'List blog posts',
        querystring: PostListQuerySchema,
        response: { 200: z.array(PostSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total, window } = await source(request).listPosts(request.query);
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return items;
    },
  );
  app.get(
    `${apiPaths.posts}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a blog post',
        params: IdParamSchema,
        querystring: SingleQuerySchema,
        response: { 200: PostSchema, ...errors },
      },
    },
    async (request) => source(request).getPost(request.params.id, request.query._embed),
  );

  app.get(
    apiPaths.team,
    {
      schema: {
        tags,
        summary: 'List team members (photo under `_embedded["wp:featuredmedia"]`)',
        querystring: TeamListQuerySchema,
        response: { 200: z.array(TeamMemberSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total, window } = await source(request).listTeam(request.query);
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return items;
    },
  );
  app.get(
    `${apiPaths.team}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a team member',
        params: IdParamSchema,
        querystring: SingleQuerySchema,
        response: { 200: TeamMemberSchema, ...errors },
      },
    },
    async (request) => source(request).getTeamMember(request.params.id, request.query._embed),
  );

  app.get(
    apiPaths.locations,
    {
      schema: {
        tags,
        summary: 'List store locations',
        querystring: LocationListQuerySchema,
        response: { 200: z.array(LocationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total, window } = await source(request).listLocations(request.query);
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return items;
    },
  );
  app.get(
    `${apiPaths.locations}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a store location',
        params: IdParamSchema,
        querystring: SingleQuerySchema,
        response: { 200: LocationSchema, ...errors },
      },
    },
    async (request) => source(request).getLocation(request.params.id, request.query._embed),
  );

  app.get(
    apiPaths.postCategories,
    {
      schema: {
        tags,
        summary: 'List blog post categories',
        querystring: PostCategoryListQuerySchema,
        response: { 200: z.array(PostCategorySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total, window } = await source(request).listPostCategories(request.query);
      setPaginationHeaders(request, reply, publicUrl, window, total);
      return items;
    },
  );
  app.get(
    `${apiPaths.postCategories}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a blog post category',
        params: IdParamSchema,
        response: { 200: PostCategorySchema, ...errors },
      },
    },
    async (request) => source(request).getPostCategory(request.params.id),
  );
};
