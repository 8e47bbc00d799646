import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema } from '@larder/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { FIELD_PRESETS, TextField } from '../../components/forms/form-field.tsx';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ApiError, browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

/** The contract's password rule, typed twice. */
const NewPasswordSchema = z
  .object({ password: PasswordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The two passwords do not match.',
  });
type NewPassword = z.output<typeof NewPasswordSchema>;
const resolver = zodResolver(NewPasswordSchema);

/** Spec §7 change-password: the emailed link's key and user id with a new password, typed twice. */
export function ResetPasswordForm({ resetKey, userId }: { resetKey: string; userId: number }) {
  const doneRef = useRef<HTMLDivElement>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useSchemaForm<{ password: string; confirm: string }, NewPassword>({
    defaultValues: { password: '', confirm: '' },
    resolver,
  });

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const onValid = async ({ password }: NewPassword) => {
    try {
      const result = await createShopApi(browserApiFetch).resetPassword({
        password,
        key: resetKey,
        userId,
      });
      setDone(result.message);
    } catch (error) {
      const weak = error instanceof ApiError ? error.params.password : undefined;
      if (weak) {
        form.setError('password', { type: 'server', message: weak }, { shouldFocus: true });
        return;
      }
      // A used, expired or wrong link is a 4xx with the server's words; the rest is ours.
      const linkFailed =
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429;
      form.showBanner(
        'error',
        <>
          <p>{formErrorMessage(error)}</p>
          {linkFailed ? (
            <p>
              <Link to="/forgot-password">Ask for a new reset link</Link>
            </p>
          ) : null}
        </>,
      );
    }
  };

  if (done) {
    return (
      <div ref={doneRef} className="account-form" tabIndex={-1} data-testid="reset-password-done">
        <p className="form-banner form-banner--success" role="status">
          {done}
        </p>
        <p>
          <ButtonLink to="/login">Sign in with your new password</ButtonLink>
        </p>
      </div>
    );
  }

  return (
    <form
      className="account-form"
      noValidate
      aria-busy={form.isSubmitting || undefined}
      aria-labelledby="reset-title"
      onSubmit={form.onSubmit(onValid)}
      data-testid="reset-password-form"
    >
      <h2 id="reset-title" className="account-card__title">
        Choose a new password
      </h2>
      <FormBanner ref={form.bannerRef} banner={form.banner} />
      <TextField
        id="reset-password"
        {...FIELD_PRESETS.newPassword}
        hint="At least 10 characters."
        {...form.field('password')}
      />
      <TextField
        id="reset-confirm"
        label="New password again"
        type="password"
        autoComplete="new-password"
        {...form.field('confirm')}
      />
      <div className="feedback-form__actions">
        <SubmitButton size="lg" pending={form.isSubmitting} pendingLabel="Saving…">
          Save new password
        </SubmitButton>
      </div>
    </form>
  );
}
