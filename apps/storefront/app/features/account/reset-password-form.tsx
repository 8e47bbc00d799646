import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema } from '@larder/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { ApiError, browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { TextField } from '../cart/address-fields.tsx';

/** The contract's password rule, typed twice. */
const NewPasswordSchema = z
  .object({ password: PasswordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The two passwords do not match.',
  });
type NewPassword = z.output<typeof NewPasswordSchema>;
const resolver = zodResolver(NewPasswordSchema);

type Outcome =
  | { kind: 'done'; message: string }
  | { kind: 'link-failed'; message: string }
  | { kind: 'error'; message: string };

/** Spec §7 change-password: the emailed link's key and user id with a new password, typed twice. */
export function ResetPasswordForm({ resetKey, userId }: { resetKey: string; userId: number }) {
  const bannerRef = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string; confirm: string }, unknown, NewPassword>({
    defaultValues: { password: '', confirm: '' },
    resolver,
    mode: 'onTouched',
  });

  const onValid = async ({ password }: NewPassword) => {
    setOutcome(null);
    try {
      const result = await createShopApi(browserApiFetch).resetPassword({
        password,
        key: resetKey,
        userId,
      });
      setOutcome({ kind: 'done', message: result.message });
    } catch (error) {
      const weak = error instanceof ApiError ? error.params.password : undefined;
      if (weak) {
        setError('password', { type: 'server', message: weak });
        return;
      }
      // A used, expired or wrong link is a 4xx with the server's words; the rest is ours.
      const linkFailed = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setOutcome({
        kind: linkFailed && error.status !== 429 ? 'link-failed' : 'error',
        message: formErrorMessage(error),
      });
    }
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  if (outcome?.kind === 'done') {
    return (
      <div ref={bannerRef} className="account-form" tabIndex={-1} data-testid="reset-password-done">
        <p className="form-banner form-banner--success" role="status">
          {outcome.message}
        </p>
        <p>
          <Link to="/login" className="button button--primary">
            Sign in with your new password
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form
      className="account-form"
      noValidate
      aria-busy={isSubmitting || undefined}
      aria-labelledby="reset-title"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      data-testid="reset-password-form"
    >
      <h2 id="reset-title" className="account-card__title">
        Choose a new password
      </h2>
      {outcome ? (
        <div ref={bannerRef} className="form-banner form-banner--error" role="alert" tabIndex={-1}>
          <p>{outcome.message}</p>
          {outcome.kind === 'link-failed' ? (
            <p>
              <Link to="/forgot-password">Ask for a new reset link</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <TextField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="reset-confirm"
        label="New password again"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register('confirm')}
      />
      <div className="feedback-form__actions">
        <button type="submit" className="button button--primary button--lg" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save new password'}
        </button>
      </div>
    </form>
  );
}
