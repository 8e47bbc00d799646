import { createHash } from 'node:crypto';
import type { ProductListQuery, WooProduct } from '@larder/contract';
import {
  createVersionedStore,
  rememberEtag,
  type ReadCacheVersion,
} from '../../http/read-cache.ts';
import type { Viewer } from '../../http/viewer.ts';
import { priceClass } from '../pricing/viewer-price.ts';
import type { CatalogService, KeptTotals } from './catalog.service.ts';

/**
 * One product as the list sends it, in UTF-8, cut where its related ids go: they change with
 * other products' sales, so they are kept apart and evicted with the lists. Bytes, because joining
 * and encoding the text of a list with any non-Latin-1 character (a curly quote) costs more than
 * everything else a list assembled from kept products does.
 */
interface ProductFragment {
  head: Buffer;
  tail: Buffer;
  /** SHA-1 of head and tail: a list's ETag is a hash of these and the related ids between. */
  digest: Buffer;
  bytes: number;
}

interface RelatedIds {
  ids: number[];
  bytes: number;
}

interface KeptTotal {
  total: number;
  bytes: number;
}

/** Where a product serialized with no related ids is cut; a key appears once at the top level. */
const RELATED_SLOT = '"related_ids":[]';

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [
  Buffer,
  Buffer,
  Buffer,
];

/** Enough for a 10,000-product catalogue in both price classes; a fragment is 2–12 KB. */
const MAX_FRAGMENTS = 25_000;
const MAX_FRAGMENT_BYTES = 96 * 1024 * 1024;

export interface ProductFragmentsOptions {
  /** The service on the read database, whose version `versions` reads (decision 0045). */
  catalog: CatalogService;
  versions: Pick<ReadCacheVersion, 'current' | 'changedBetween'>;
  /** The route's own serializer for one product: a list is its products' texts joined. */
  serialize: (product: WooProduct) => string;
}

/**
 * A products list assembled from each product's serialized text, kept per price class under the
 * read-cache version with what it shows (`catalog` and `product:<id>`), so a list the read cache
 * has not kept costs one query for its ids and total, plus reading only the products whose text a
 * write has evicted (docs/decisions/0050-product-fragments.md). The text is the one the route's
 * schema would have produced for the same rows.
 */
export function createProductFragments({ catalog, versions, serialize }: ProductFragmentsOptions) {
  const fragments = createVersionedStore<ProductFragment>(
    versions,
    MAX_FRAGMENTS,
    MAX_FRAGMENT_BYTES,
  );
  const relatedStore = createVersionedStore<RelatedIds>(versions, MAX_FRAGMENTS);
  /** A filter's total: counting every match is most of a large catalogue's list query. */
  const totalStore = createVersionedStore<KeptTotal>(versions);
  const listDependencies = ['catalog', 'product-lists'] as const;

  const fragmentOf = (product: WooProduct): ProductFragment | undefined => {
    const text = serialize({ ...product, related_ids: [] });
    const at = text.indexOf(RELATED_SLOT);
    // Never expected: a second such key would make the cut ambiguous, so that product is sent whole.
    if (at === -1 || text.indexOf(RELATED_SLOT, at + 1) !== -1) return undefined;
    const head = Buffer.from(text.slice(0, at + RELATED_SLOT.length - '[]'.length));
    const tail = Buffer.from(text.slice(at + RELATED_SLOT.length));
    const digest = createHash('sha1').update(head).update(tail).digest();
    return { head, tail, digest, bytes: head.length + tail.length + digest.length };
  };

  /** Related ids follow other products' sales and visibility: every product's change evicts them. */
  async function relatedOf(ids: number[], version: string) {
    const related = new Map<number, number[]>();
    const missing: number[] = [];
    for (const id of ids) {
      const kept = relatedStore.get(String(id), version);
      if (kept) related.set(id, kept.ids);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const [id, found] of await catalog.relatedIds(missing)) {
        related.set(id, found);
        relatedStore.set(
          String(id),
          version,
          { ids: found, bytes: 16 + 8 * found.length },
          listDependencies,
        );
      }
    }
    return related;
  }

  /** Each product's text as `reader` is shown it; products deleted since their ids were read are left out. */
  async function fragmentsOf(ids: number[], reader: Viewer, version: string) {
    const texts = new Map<number, ProductFragment | WooProduct>();
    const missing: number[] = [];
    const kind = priceClass(reader);
    for (const id of ids) {
      const kept = fragments.get(`${kind} ${id}`, version);
      if (kept) texts.set(id, kept);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const product of await catalog.productsByIds(missing, reader)) {
        const fragment = fragmentOf(product);
        texts.set(product.id, fragment ?? product);
        if (fragment) {
          fragments.set(`${kind} ${product.id}`, version, fragment, [
            'catalog',
            `product:${product.id}`,
          ]);
        }
      }
    }
    return texts;
  }

  return {
    /**
     * The products list's JSON, as bytes, for a viewer the read cache serves (never the owner, whose
     * reads go to the primary), with the total and window for its pagination headers.
     */
    async listProducts(
      query: ProductListQuery,
      viewer: Viewer,
      /** The version the read cache read for this request, before any of its data. */
      readBefore?: string,
    ) {
      // Read before the data, so nothing is kept under a version newer than what it shows.
      const version = readBefore ?? (await versions.current());
      const totals: KeptTotals = {
        get: (filter) => totalStore.get(filter, version)?.total,
        set: (filter, total) =>
          totalStore.set(filter, version, { total, bytes: 64 + filter.length }, listDependencies),
      };
      const { ids, total, window, reader } = await catalog.productPage(query, viewer, totals);
      const texts = await fragmentsOf(ids, reader, version);
      const related = await relatedOf(
        ids.filter((id) => texts.has(id)),
        version,
      );
      const parts: Buffer[] = [OPEN];
      // Each product's digest, then its related ids (a JSON array, so always "[…]") or "-" for a
      // product sent whole: the same hash only for the same body.
      const etag = createHash('sha1');
      for (const id of ids) {
        const text = texts.get(id);
        if (!text) continue;
        const relatedIds = related.get(id) ?? [];
        if (parts.length > 1) parts.push(COMMA);
        if ('head' in text) {
          const relatedText = Buffer.from(JSON.stringify(relatedIds));
          parts.push(text.head, relatedText, text.tail);
          etag.update(text.digest).update(relatedText);
        } else {
          const whole = Buffer.from(serialize({ ...text, related_ids: relatedIds }));
          parts.push(whole);
          etag.update(createHash('sha1').update(whole).digest()).update('-');
        }
      }
      parts.push(CLOSE);
      const body = Buffer.concat(parts);
      rememberEtag(body, etag.digest());
      return { body, total, window };
    },
  };
}

export type ProductFragments = ReturnType<typeof createProductFragments>;
