import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import {
  NEWSLETTER_ACTION,
  NEWSLETTER_INTENT,
  type NewsletterActionData,
} from './newsletter-messages.ts';
import { Button } from '../../components/ui/button.tsx';

/**
 * The footer's email sign-up (issue 3). A fetcher posts to the /contact route's action, which calls
 * `POST /wp-json/wp/v2/newsletter` on the server: with JavaScript the answer shows here without
 * leaving the page; without it the browser posts to /contact, which shows the same answer at the top
 * of that page. Reusing the contact route keeps the spec's route table unchanged. It is on every
 * page's first load, so it leaves validation to the action's contract schema (decision record 22).
 */
export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterActionData>({ key: 'newsletter-signup' });
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const result = fetcher.data?.intent === NEWSLETTER_INTENT ? fetcher.data : undefined;
  const pending = fetcher.state !== 'idle';

  useEffect(() => {
    if (!result) return;
    if (result.ok && inputRef.current) inputRef.current.value = '';
    else inputRef.current?.focus();
  }, [result]);

  const messageId = `${id}-message`;
  return (
    <fetcher.Form
      method="post"
      action={NEWSLETTER_ACTION}
      className="newsletter-form"
      noValidate
      data-testid="newsletter-form"
    >
      <input type="hidden" name="intent" value={NEWSLETTER_INTENT} />
      <label htmlFor={`${id}-email`} className="newsletter-form__label">
        Or join with your email address
      </label>
      <div className="newsletter-form__row">
        <input
          ref={inputRef}
          id={`${id}-email`}
          className="newsletter-form__input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          maxLength={254}
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby={messageId}
        />
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? 'Joining…' : 'Join'}
        </Button>
      </div>
      <p
        id={messageId}
        className="newsletter-form__message"
        role="status"
        data-tone={result ? (result.ok ? 'success' : 'error') : undefined}
      >
        {result ? (result.ok ? result.message : result.error) : ''}
      </p>
    </fetcher.Form>
  );
}
