import type { Order, OwnerOrderListQuery } from '@larder/contract';
import { LRUCache } from 'lru-cache';
import type { Viewer } from '../../http/viewer.ts';
import type { OrdersService } from './orders.service.ts';

/** One order as a customer's list sends it, in UTF-8, with the version it shows. */
interface OrderFragment {
  version: string;
  text: Buffer;
  /** When its text changes with no write to the order (ms since the epoch; Infinity: never). */
  changesAt: number;
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [
  Buffer,
  Buffer,
  Buffer,
];

/** About 20,000 orders' texts (1.5–2 KB each) per process. */
const MAX_BYTES = 32 * 1024 * 1024;

export interface OrderFragmentsOptions {
  orders: Pick<OrdersService, 'ownOrderVersions' | 'ownOrdersByIds'>;
  /** The route's own serializer for one order: a list is its orders' texts joined. */
  serialize: (order: Order) => string;
}

/**
 * A customer's order history assembled from each order's serialized text, kept under the
 * version PostgreSQL gives the row (`xmin`, new with every write to it), so a kept text is never
 * stale in any process and nothing needs evicting: a page costs one query for its orders' ids and
 * versions, plus reading only the orders written since their text was kept (decision 0061).
 */
export function createOrderFragments({ orders, serialize }: OrderFragmentsOptions) {
  const kept = new LRUCache<number, OrderFragment>({
    maxSize: MAX_BYTES,
    sizeCalculation: (fragment) => fragment.text.length + 64,
  });

  return {
    /**
     * The list's JSON, as bytes, with the total and window for its pagination headers; null for
     * an owner's list or a narrowed one, which the route builds whole.
     */
    async listOwn(query: OwnerOrderListQuery, viewer: Viewer) {
      const page = await orders.ownOrderVersions(query, viewer);
      if (!page) return null;
      const texts = new Map<number, Buffer>();
      const missing: number[] = [];
      for (const { id, version } of page.versions) {
        const fragment = kept.get(id);
        if (fragment && fragment.version === version && fragment.changesAt > page.at) {
          texts.set(id, fragment.text);
        } else missing.push(id);
      }
      for (const { order, version, changesAt } of await orders.ownOrdersByIds(
        page.customerId,
        missing,
      )) {
        const text = Buffer.from(serialize(order));
        texts.set(order.id, text);
        kept.set(order.id, { version, text, changesAt });
      }
      const parts: Buffer[] = [OPEN];
      for (const { id } of page.versions) {
        const text = texts.get(id);
        // Deleted between the two reads: left out, as a list read a moment later would.
        if (!text) continue;
        if (parts.length > 1) parts.push(COMMA);
        parts.push(text);
      }
      parts.push(CLOSE);
      return { body: Buffer.concat(parts), total: page.total, window: page.window };
    },
  };
}

export type OrderFragments = ReturnType<typeof createOrderFragments>;
