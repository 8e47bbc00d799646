import type { MinimumProgress } from '@larder/contract/wholesale-rules';

/**
 * A wholesale order's way to its minimum: a bar and the cart's words for it (quick order, the
 * owner's new order). Nothing when the shop sets no minimum. `id` names the words and their test id.
 */
export function MinimumMeter({
  progress,
  id,
  className,
}: {
  progress: MinimumProgress & { message: string };
  id: string;
  className: string;
}) {
  if (progress.minimumCents <= 0) return null;
  return (
    <div className={className} data-met={progress.met || undefined}>
      <progress
        max={progress.minimumCents}
        value={Math.min(progress.subtotalCents, progress.minimumCents)}
        aria-labelledby={id}
      />
      <p id={id} data-testid={id}>
        {progress.message}
      </p>
    </div>
  );
}
