import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StockNotificationRequest } from '@larder/contract';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  backInStockEmail,
  stockRequestConfirmationEmail,
  type NotifiedItem,
} from '../mail/stock-emails.ts';
import {
  productForStock,
  type StockNotificationsRepo,
  type StockProduct,
} from './stock-notifications.repo.ts';

export interface StockNotificationsOptions {
  mailer: Mailer;
  shopName: string;
  /** The storefront's origin: the emails link to its product page and its cancel page. */
  publicUrl: string;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

export const STOCK_REQUEST_RECEIVED =
  'Thanks. We will email you once when it is back in stock; check your inbox for a link to cancel.';
export const STOCK_REQUEST_CANCELLED = "Done: we won't email you about it.";

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

const unknownProduct = () =>
  new ApiError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
/** A wrong key reads as an unknown id, so the link cannot be guessed one id at a time. */
const unknownRequest = () =>
  new ApiError(
    404,
    'larder_stock_notification_invalid',
    'This link was already used or is not one we sent. There is nothing waiting to cancel.',
  );

/** Whether the product, or one variation of it (0: any), can be bought now, as priceCart decides. */
export function isBuyable(product: StockProduct, variationId: number): boolean {
  if (product.status !== 'publish') return false;
  const parentLeft = product.manageStock ? (product.stockQuantity ?? 0) : null;
  if (product.type === 'simple') {
    return product.stockStatus !== 'outofstock' && (parentLeft === null || parentLeft > 0);
  }
  return product.variations
    .filter((variation) => variationId === 0 || variation.id === variationId)
    .some((variation) => {
      // A variation counts its own stock when it has a quantity, else the parent's (WooCommerce).
      const left = variation.stockQuantity ?? parentLeft;
      return variation.stockStatus !== 'outofstock' && (left === null || left > 0);
    });
}

/** "Maple Pecan Crunch – 12 oz", as a cart line names a variation. */
function itemName(product: StockProduct, variationId: number): string {
  const variation = product.variations.find((candidate) => candidate.id === variationId);
  if (!variation) return product.name;
  const values = product.attributes
    .map((attribute) => variation.attributes[attribute.name])
    .filter((value): value is string => Boolean(value));
  return [product.name, ...values].join(' – ');
}

/**
 * "Email me when it's back" (issue 14): requests for sold-out items, a confirmation with a cancel
 * link, and one back-in-stock email per request once an owner's write makes the item buyable.
 */
export function createStockNotificationsService(
  db: Database,
  repo: StockNotificationsRepo,
  options: StockNotificationsOptions,
) {
  const { mailer, shopName, publicUrl, log } = options;
  const now = options.now ?? (() => new Date());
  const itemFor = (product: StockProduct, variationId: number): NotifiedItem => ({
    name: itemName(product, variationId),
    link: `${publicUrl}/product/${product.slug}`,
  });
  // Sends run one after another, after the owner's save has answered.
  let queue: Promise<void> = Promise.resolve();

  async function sendDue(productId: number): Promise<void> {
    const product = await productForStock(db, productId);
    if (!product) return;
    const waiting = await repo.waitingFor(productId);
    const due = waiting.filter((request) => isBuyable(product, request.variationId));
    for (const request of await repo.claim(
      due.map((row) => row.id),
      now(),
    )) {
      try {
        await mailer.send(
          backInStockEmail(request.email, itemFor(product, request.variationId), shopName),
        );
      } catch (error) {
        log.error({ err: error, request: request.id }, 'back-in-stock email not sent');
        // Waiting again, so the next restock tries once more.
        await repo.release(request.id).catch((releaseError: unknown) => {
          log.error({ err: releaseError, request: request.id }, 'back-in-stock request lost');
        });
      }
    }
  }

  return {
    /** `POST /products/{id}/stock-notifications`. */
    async subscribe(productId: number, input: StockNotificationRequest) {
      const product = await productForStock(db, productId);
      // Drafts and private products are not for sale, whoever asks, and their names are not public.
      if (!product || product.status !== 'publish') throw unknownProduct();
      const variationId = input.variation_id ?? 0;
      if (variationId !== 0 && !product.variations.some((v) => v.id === variationId)) {
        throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): variation_id', {
          variation_id: `${product.name} has no variation ${variationId}.`,
        });
      }
      if (isBuyable(product, variationId)) {
        const name = itemName(product, variationId);
        throw new ApiError(
          400,
          'larder_in_stock',
          `${name} is in stock: add it to your cart instead.`,
          { [variationId === 0 ? 'product_id' : 'variation_id']: `${name} is in stock.` },
        );
      }
      const key = randomBytes(24).toString('base64url');
      const stored = await repo.insertWaiting({
        productId,
        variationId,
        email: input.email,
        keyHash: keyHash(key),
      });
      // Already waiting: no second email (the form could be used to flood a mailbox).
      if (stored) {
        const cancelLink = `${publicUrl}/back-in-stock/cancel?id=${stored.id}&key=${key}`;
        try {
          await mailer.send(
            stockRequestConfirmationEmail(input.email, itemFor(product, variationId), cancelLink),
          );
        } catch (error) {
          // The request stands: the back-in-stock email is what was asked for.
          log.error({ err: error, request: stored.id }, 'stock request confirmation not sent');
        }
      }
      return { message: STOCK_REQUEST_RECEIVED };
    },

    /** `DELETE /stock-notifications/{id}?key=`: the confirmation email's cancel link. */
    async cancel(id: number, key: string) {
      const row = await repo.findById(id);
      const given = Buffer.from(keyHash(key));
      if (!row || row.notifiedAt !== null || !timingSafeEqual(given, Buffer.from(row.keyHash))) {
        throw unknownRequest();
      }
      await repo.remove(id);
      return { message: STOCK_REQUEST_CANCELLED };
    },

    /**
     * Called after any owner write to a product or its variations: emails those waiting for what
     * is now buyable, in the background. Never throws; failures are logged.
     */
    productChanged(productId: number): void {
      queue = queue.then(() =>
        sendDue(productId).catch((error: unknown) => {
          log.error({ err: error, productId }, 'back-in-stock emails not sent');
        }),
      );
    },

    /** Resolves once every send asked for so far is done (tests; a clean shutdown). */
    idle: (): Promise<void> => queue,
  };
}

export type StockNotificationsService = ReturnType<typeof createStockNotificationsService>;
