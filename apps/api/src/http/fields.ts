import type { FastifyInstance } from 'fastify';
import { parseQueryString } from './query-string.ts';

/** The requested fields as a tree: `id,meta.key` is {id: true, meta: {key: true}}. */
export interface FieldTree {
  [name: string]: FieldTree | true;
}

export function fieldTree(list: string): FieldTree {
  const tree: FieldTree = {};
  for (const path of list.split(',')) {
    const names = path.trim().split('.').filter(Boolean);
    let node = tree;
    for (const [index, name] of names.entries()) {
      const child = node[name];
      // A field asked for whole stays whole, whatever parts of it are also named.
      if (child === true) break;
      if (index === names.length - 1) {
        node[name] = true;
        break;
      }
      node = child ?? (node[name] = {});
    }
  }
  return tree;
}

/** Keeps only the tree's fields of an object, of each object in a list. */
export function pickFields(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((item) => pickFields(item, tree));
  if (typeof value !== 'object' || value === null) return value;
  const picked: Record<string, unknown> = {};
  for (const [name, subtree] of Object.entries(tree)) {
    if (!Object.hasOwn(value, name)) continue;
    const field = (value as Record<string, unknown>)[name];
    picked[name] = subtree === true ? field : pickFields(field, subtree);
  }
  return picked;
}

/**
 * WordPress's `_fields` on every read (`?_fields=id,name,meta.key`): the answer keeps only those
 * fields, for integrations that ask for a few fields of many records. Done once on the serialized
 * answer, after each route's schema has shaped it, so no route has to know.
 */
export function registerFieldsFilter(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Text, or the bytes of a list assembled from kept parts (the products list).
    const isBytes = Buffer.isBuffer(payload);
    if (request.method !== 'GET' || !(typeof payload === 'string' || isBytes)) return payload;
    if (reply.statusCode >= 300 || !request.url.startsWith('/wp-json/')) return payload;
    // From the URL: a route's query schema drops the names it does not take.
    const query = request.url.indexOf('?');
    if (query === -1 || !request.url.includes('_fields', query)) return payload;
    const fields = parseQueryString(request.url.slice(query + 1))._fields;
    if (!fields) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      return payload;
    const tree = fieldTree(fields);
    if (Object.keys(tree).length === 0) return payload;
    return JSON.stringify(pickFields(JSON.parse(isBytes ? payload.toString() : payload), tree));
  });
}
