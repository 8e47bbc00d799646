import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequestSchema, type LoginRequest } from '@larder/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { formErrorMessage } from '../../components/forms/form-errors.ts';
import { TextField } from '../cart/address-fields.tsx';
import { signIn } from './session.ts';

type LoginCredentials = z.output<typeof LoginRequestSchema>;

const resolver = zodResolver(LoginRequestSchema);

/** Spec §4 login: email or username, password, remember me; the server's message on failure. */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  const bannerRef = useRef<HTMLParagraphElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest, unknown, LoginCredentials>({
    defaultValues: { username: '', password: '', remember: false },
    resolver,
    mode: 'onTouched',
  });

  const onValid = async (credentials: LoginCredentials) => {
    setFailure(null);
    try {
      await signIn(credentials);
    } catch (error) {
      setFailure(formErrorMessage(error));
      requestAnimationFrame(() => bannerRef.current?.focus());
      return;
    }
    await navigate(redirectTo, { replace: true });
  };

  return (
    <form
      className="account-form"
      noValidate
      aria-busy={isSubmitting || undefined}
      aria-labelledby="login-title"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      data-testid="login-form"
    >
      <h2 id="login-title" className="account-card__title">
        Sign in
      </h2>
      {failure ? (
        <p ref={bannerRef} className="form-banner form-banner--error" role="alert" tabIndex={-1}>
          {failure}
        </p>
      ) : null}
      <TextField
        id="login-username"
        label="Email or username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <label className="account-form__check">
        <input type="checkbox" {...register('remember')} />
        Remember me
      </label>
      <div className="feedback-form__actions">
        <button type="submit" className="button button--primary button--lg" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </div>
      <p className="account-form__links">
        <Link to="/forgot-password">Forgot your password?</Link>
        <Link to="/sign-up">Create an account</Link>
      </p>
    </form>
  );
}
