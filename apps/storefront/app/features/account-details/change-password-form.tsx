import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrorsFromApi, formErrorMessage } from '../../components/forms/form-errors.ts';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { TextField } from '../cart/address-fields.tsx';
import { PasswordFormSchema, type PasswordFormValues } from './account-form.ts';

const EMPTY: PasswordFormValues = { current_password: '', password: '', confirm: '' };

/** Issue 5: `POST /wp-json/wc/v3/password` with the current password; other devices are signed out. */
export function ChangePasswordForm({ email }: { email: string }) {
  const {
    register,
    reset,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFormValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(PasswordFormSchema),
    mode: 'onTouched',
  });
  const [banner, setBanner] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  const show = (next: { kind: 'error' | 'success'; text: string }) => {
    setBanner(next);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const onValid = async ({ current_password, password }: PasswordFormValues) => {
    setBanner(null);
    try {
      await createShopApi(browserApiFetch).changePassword({ current_password, password });
      reset(EMPTY);
      show({
        kind: 'success',
        text: 'Your password has been changed. Any other device signed in to your account has been signed out.',
      });
    } catch (error) {
      const fields = fieldErrorsFromApi(error, ['current_password', 'password'] as const);
      for (const [name, message] of Object.entries(fields))
        setError(name as 'current_password' | 'password', { type: 'server', message });
      show({ kind: 'error', text: formErrorMessage(error) });
    }
  };

  return (
    <form
      className="change-password-form"
      noValidate
      aria-busy={isSubmitting || undefined}
      aria-labelledby="change-password-title"
      onSubmit={(event) =>
        void handleSubmit(onValid, () =>
          setBanner({ kind: 'error', text: 'Please check the highlighted fields.' }),
        )(event)
      }
      data-testid="change-password-form"
    >
      <h2 id="change-password-title" className="account-details__title">
        Change password
      </h2>
      {banner ? (
        <div
          ref={bannerRef}
          tabIndex={-1}
          role={banner.kind === 'error' ? 'alert' : 'status'}
          className={`form-banner form-banner--${banner.kind}`}
          data-testid={`change-password-${banner.kind}`}
        >
          {banner.text}
        </div>
      ) : null}
      {/* Lets password managers tie the new password to the account. */}
      <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
      <TextField
        id="password-current"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <div className="form-grid">
        <TextField
          id="password-new"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          id="password-confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          hint="The same again, to be sure."
          error={errors.confirm?.message}
          {...register('confirm')}
        />
      </div>
      <div className="feedback-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Changing password…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
