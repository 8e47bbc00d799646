import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequestSchema, TWO_FACTOR_REQUIRED, type LoginRequest } from '@larder/contract';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api/index.ts';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { TextField } from '../../components/forms/form-field.tsx';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { signIn } from './session.ts';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

type LoginCredentials = z.output<typeof LoginRequestSchema>;

const resolver = zodResolver(LoginRequestSchema);

/**
 * Spec §4 login: email or username, password, remember me; the server's message on failure. An
 * owner with two-factor sign-in is then asked for the authenticator app's code.
 */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const form = useSchemaForm<LoginRequest, LoginCredentials>({
    defaultValues: { username: '', password: '', remember: false },
    resolver,
  });
  const [needsCode, setNeedsCode] = useState(false);
  const { setFocus } = form;
  useEffect(() => {
    if (needsCode) setFocus('otp');
  }, [needsCode, setFocus]);

  const onValid = async (credentials: LoginCredentials) => {
    try {
      await signIn(credentials);
    } catch (error) {
      if (error instanceof ApiError && error.code === TWO_FACTOR_REQUIRED && !needsCode) {
        setNeedsCode(true);
        return;
      }
      form.showBanner('error', formErrorMessage(error));
      return;
    }
    await navigate(redirectTo, { replace: true });
  };

  return (
    <form
      className="account-form"
      noValidate
      aria-busy={form.isSubmitting || undefined}
      aria-labelledby="login-title"
      onSubmit={form.onSubmit(onValid)}
      data-testid="login-form"
    >
      <h2 id="login-title" className="account-card__title">
        Sign in
      </h2>
      <FormBanner ref={form.bannerRef} banner={form.banner} />
      <TextField
        id="login-username"
        label="Email or username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('username')}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      {needsCode ? (
        <TextField
          id="login-otp"
          label="Authentication code"
          hint="Your account has two-factor sign-in: enter the 6-digit code your authenticator app shows."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.field('otp')}
        />
      ) : null}
      <label className="account-form__check">
        <input type="checkbox" {...form.register('remember')} />
        Remember me
      </label>
      <div className="feedback-form__actions">
        <SubmitButton size="lg" pending={form.isSubmitting} pendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </div>
      <p className="account-form__links">
        <Link to="/forgot-password">Forgot your password?</Link>
        <Link to="/sign-up">Create account</Link>
      </p>
    </form>
  );
}
