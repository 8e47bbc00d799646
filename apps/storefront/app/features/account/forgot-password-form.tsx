import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordRequestSchema } from '@larder/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { TextField } from '../cart/address-fields.tsx';

type ForgotPassword = z.output<typeof ForgotPasswordRequestSchema>;
const resolver = zodResolver(ForgotPasswordRequestSchema);

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const bannerRef = useRef<HTMLParagraphElement>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }, unknown, ForgotPassword>({
    defaultValues: { email: '' },
    resolver,
    mode: 'onTouched',
  });

  const onValid = async ({ email }: ForgotPassword) => {
    setFailure(null);
    try {
      const result = await createShopApi(browserApiFetch).requestPasswordReset(email);
      setSent(result.message);
    } catch (error) {
      setFailure(formErrorMessage(error));
      requestAnimationFrame(() => bannerRef.current?.focus());
    }
  };

  return (
    <form
      className="account-form"
      noValidate
      aria-busy={isSubmitting || undefined}
      aria-labelledby="forgot-title"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      data-testid="forgot-password-form"
    >
      <h2 id="forgot-title" className="account-card__title">
        Reset your password
      </h2>
      <div role="status" aria-live="polite">
        {sent ? <p className="form-banner form-banner--success">{sent}</p> : null}
      </div>
      {failure ? (
        <p ref={bannerRef} className="form-banner form-banner--error" role="alert" tabIndex={-1}>
          {failure}
        </p>
      ) : null}
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="feedback-form__actions">
        <button type="submit" className="button button--primary button--lg" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Email me a reset link'}
        </button>
      </div>
      <p className="account-form__links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </form>
  );
}
