import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordRequestSchema } from '@larder/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { FIELD_PRESETS, TextField } from '../../components/forms/form-field.tsx';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

type ForgotPassword = z.output<typeof ForgotPasswordRequestSchema>;
const resolver = zodResolver(ForgotPasswordRequestSchema);

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm<{ email: string }, ForgotPassword>({
    defaultValues: { email: '' },
    resolver,
  });

  const onValid = async ({ email }: ForgotPassword) => {
    try {
      const result = await createShopApi(browserApiFetch).requestPasswordReset(email);
      setSent(result.message);
    } catch (error) {
      form.showBanner('error', formErrorMessage(error));
    }
  };

  return (
    <form
      className="account-form"
      noValidate
      aria-busy={form.isSubmitting || undefined}
      aria-labelledby="forgot-title"
      onSubmit={form.onSubmit(onValid)}
      data-testid="forgot-password-form"
    >
      <h2 id="forgot-title" className="account-card__title">
        Reset your password
      </h2>
      <div role="status" aria-live="polite">
        {sent ? <p className="form-banner form-banner--success">{sent}</p> : null}
      </div>
      <FormBanner ref={form.bannerRef} banner={form.banner} />
      <TextField id="forgot-email" {...FIELD_PRESETS.email} {...form.field('email')} />
      <div className="feedback-form__actions">
        <SubmitButton size="lg" pending={form.isSubmitting} pendingLabel="Sending…">
          Email me a reset link
        </SubmitButton>
      </div>
      <p className="account-form__links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </form>
  );
}
