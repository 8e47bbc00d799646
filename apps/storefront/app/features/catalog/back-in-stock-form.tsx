import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { BACK_IN_STOCK_INTENT, type BackInStockActionData } from './back-in-stock.ts';

/**
 * Spec'd by issue 14: a sold-out item's page offers one email when it is back. Posts to the
 * product route's action (works without JavaScript too); validation is the action's.
 */
export default function BackInStockForm({ variationId }: { variationId?: number }) {
  const fetcher = useFetcher<BackInStockActionData>({ key: `back-in-stock-${variationId ?? 0}` });
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const result = fetcher.data?.intent === BACK_IN_STOCK_INTENT ? fetcher.data : undefined;
  const pending = fetcher.state !== 'idle';

  useEffect(() => {
    if (result && !result.ok) inputRef.current?.focus();
  }, [result]);

  const messageId = `${id}-message`;
  return (
    <fetcher.Form method="post" className="back-in-stock" noValidate data-testid="back-in-stock">
      <input type="hidden" name="intent" value={BACK_IN_STOCK_INTENT} />
      {variationId ? <input type="hidden" name="variation_id" value={variationId} /> : null}
      <label htmlFor={`${id}-email`} className="product__label">
        Email me when it&rsquo;s back
      </label>
      <p className="back-in-stock__hint muted">One email when we bake more, nothing else.</p>
      {result?.ok ? null : (
        <div className="back-in-stock__row">
          <input
            ref={inputRef}
            id={`${id}-email`}
            className="back-in-stock__input"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            maxLength={254}
            required
            defaultValue={result?.email}
            aria-invalid={result && !result.ok ? true : undefined}
            aria-describedby={messageId}
          />
          <Button type="submit" variant="secondary" disabled={pending}>
            {pending ? 'Sending…' : 'Notify me'}
          </Button>
        </div>
      )}
      <p
        id={messageId}
        className="back-in-stock__message"
        role="status"
        data-tone={result ? (result.ok ? 'success' : 'error') : undefined}
      >
        {result ? (result.ok ? result.message : result.error) : ''}
      </p>
    </fetcher.Form>
  );
}
