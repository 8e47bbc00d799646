import { zodResolver } from '@hookform/resolvers/zod';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import { fieldErrorsFromApi, formErrorMessage } from '../../components/forms/form-errors.ts';
import { FIELD_PRESETS, TextField } from '../../components/forms/form-field.tsx';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { PasswordFormSchema, type PasswordFormValues } from './account-form.ts';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

const EMPTY: PasswordFormValues = { current_password: '', password: '', confirm: '' };
const resolver = zodResolver(PasswordFormSchema);

/** Issue 5: `POST /wp-json/wc/v3/password` with the current password; other devices are signed out. */
export function ChangePasswordForm({ email }: { email: string }) {
  const form = useSchemaForm<PasswordFormValues>({ defaultValues: EMPTY, resolver });

  const onValid = async ({ current_password, password }: PasswordFormValues) => {
    try {
      await createShopApi(browserApiFetch).changePassword({ current_password, password });
      form.reset(EMPTY);
      form.showBanner(
        'success',
        'Your password has been changed. Any other device signed in to your account has been signed out.',
      );
    } catch (error) {
      form.setServerErrors(fieldErrorsFromApi(error, ['current_password', 'password'] as const));
      form.showBanner('error', formErrorMessage(error));
    }
  };

  return (
    <form
      className="change-password-form"
      noValidate
      aria-busy={form.isSubmitting || undefined}
      aria-labelledby="change-password-title"
      onSubmit={form.onSubmit(onValid)}
      data-testid="change-password-form"
    >
      <h2 id="change-password-title" className="account-details__title">
        Change password
      </h2>
      <FormBanner
        ref={form.bannerRef}
        banner={form.banner}
        testId={`change-password-${form.banner?.tone}`}
      />
      {/* Lets password managers tie the new password to the account. */}
      <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
      <TextField
        id="password-current"
        {...FIELD_PRESETS.currentPassword}
        {...form.field('current_password')}
      />
      <div className="form-grid">
        <TextField
          id="password-new"
          {...FIELD_PRESETS.newPassword}
          hint="At least 10 characters."
          {...form.field('password')}
        />
        <TextField
          id="password-confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          hint="The same again, to be sure."
          {...form.field('confirm')}
        />
      </div>
      <div className="feedback-form__actions">
        <SubmitButton pending={form.isSubmitting} pendingLabel="Changing password…">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
