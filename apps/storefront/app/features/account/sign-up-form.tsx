import { zodResolver } from '@hookform/resolvers/zod';
import { CustomerCreateSchema, type CustomerCreate } from '@larder/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsFromApi, formErrorMessage } from '../../components/forms/form-errors.ts';
import { ApiError } from '../../lib/api/index.ts';
import { TextField } from '../cart/address-fields.tsx';
import { signUpAndSignIn } from './session.ts';

type SignUpValues = Record<keyof CustomerCreate, string>;
const FIELDS = ['first_name', 'last_name', 'email', 'password'] as const;
const EMAIL_TAKEN = 'registration-error-email-exists';

const resolver = zodResolver(CustomerCreateSchema);

type Failure = { kind: 'email-taken' } | { kind: 'message'; message: string };

/** Sign-up: a customer account, then signed in straight away and on to /my-account. */
export function SignUpForm() {
  const navigate = useNavigate();
  const bannerRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues, unknown, CustomerCreate>({
    defaultValues: { first_name: '', last_name: '', email: '', password: '' },
    resolver,
    mode: 'onTouched',
  });

  const onValid = async (account: CustomerCreate) => {
    setFailure(null);
    try {
      await signUpAndSignIn(account);
    } catch (error) {
      const fieldErrors = fieldErrorsFromApi(error, FIELDS);
      for (const field of FIELDS) {
        const message = fieldErrors[field];
        if (message) setError(field, { type: 'server', message });
      }
      setFailure(
        error instanceof ApiError && error.code === EMAIL_TAKEN
          ? { kind: 'email-taken' }
          : { kind: 'message', message: formErrorMessage(error) },
      );
      requestAnimationFrame(() => bannerRef.current?.focus());
      return;
    }
    await navigate('/my-account');
  };

  return (
    <form
      className="account-form"
      noValidate
      aria-busy={isSubmitting || undefined}
      aria-labelledby="sign-up-title"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      data-testid="sign-up-form"
    >
      <h2 id="sign-up-title" className="account-card__title">
        Create an account
      </h2>
      {failure ? (
        <div ref={bannerRef} className="form-banner form-banner--error" role="alert" tabIndex={-1}>
          {failure.kind === 'email-taken' ? (
            <p>
              An account already uses this email address. <Link to="/login">Sign in</Link>, or{' '}
              <Link to="/forgot-password">reset your password</Link> if you have forgotten it.
            </p>
          ) : (
            <p>{failure.message}</p>
          )}
        </div>
      ) : null}
      <div className="feedback-form__pair">
        <TextField
          id="sign-up-first-name"
          label="First name"
          autoComplete="given-name"
          maxLength={100}
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          id="sign-up-last-name"
          label="Last name"
          autoComplete="family-name"
          maxLength={100}
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <TextField
        id="sign-up-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters. A short sentence is easy to remember and hard to guess."
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="feedback-form__actions">
        <button type="submit" className="button button--primary button--lg" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </button>
      </div>
      <p className="account-form__links">
        <span>
          Already have an account? <Link to="/login">Sign in</Link>
        </span>
        <span>
          Buying for a café or shop? <a href="#wholesale">Apply for a wholesale account</a>
        </span>
      </p>
    </form>
  );
}
