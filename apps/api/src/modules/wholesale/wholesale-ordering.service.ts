import {
  formatCents,
  toMoneyString,
  toWholesaleTerms,
  type WholesaleMinimums,
  type WholesaleSettings,
  type WholesaleSettingsUpdate,
  type WholesaleTerms,
} from '@larder/contract';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { minimumProgressFor, readMinimums, saveMinimums } from '../pricing/wholesale-minimums.ts';

export interface WholesaleOrderingOptions {
  activity: ActivityService;
}

/** WholesaleSettingsUpdateSchema's output: amounts already in cents. */
type SettingsInput = { [K in keyof WholesaleSettingsUpdate]?: number };

const toSettings = (minimums: WholesaleMinimums): WholesaleSettings => ({
  opening_order_minimum: toMoneyString(minimums.openingCents),
  reorder_minimum: toMoneyString(minimums.reorderCents),
});

/** The owner's wholesale order minimums, and the one that applies to a buyer (decision 0037). */
export function createWholesaleOrderingService(db: Database, options: WholesaleOrderingOptions) {
  return {
    async settings(): Promise<WholesaleSettings> {
      return toSettings(await readMinimums(db));
    },

    async updateSettings(input: SettingsInput, owner: Viewer): Promise<WholesaleSettings> {
      return db.transaction(async (tx) => {
        const before = await readMinimums(tx);
        const after = {
          openingCents: input.opening_order_minimum ?? before.openingCents,
          reorderCents: input.reorder_minimum ?? before.reorderCents,
        };
        await saveMinimums(tx, after);
        await options.activity.record(
          owner,
          {
            action: 'wholesale.minimums',
            subjectType: 'wholesale_settings',
            subjectId: 1,
            summary: `Set the wholesale minimums: opening order ${formatCents(before.openingCents)} → ${formatCents(after.openingCents)}, reorder ${formatCents(before.reorderCents)} → ${formatCents(after.reorderCents)}`,
          },
          tx,
        );
        return toSettings(after);
      });
    },

    /** A signed-in wholesale buyer's minimum: opening until they have a paid order. */
    async terms(viewer: Viewer): Promise<WholesaleTerms> {
      if (viewer.isGuest)
        throw new ApiError(
          401,
          'woocommerce_rest_cannot_view',
          'Please sign in to your wholesale account.',
        );
      if (!viewer.canSeeWholesale)
        throw new ApiError(
          403,
          'woocommerce_rest_cannot_view',
          'Wholesale terms are for approved wholesale accounts.',
        );
      const progress = await minimumProgressFor(db, viewer, 0);
      return toWholesaleTerms(progress, progress.minimums);
    },
  };
}

export type WholesaleOrderingService = ReturnType<typeof createWholesaleOrderingService>;
