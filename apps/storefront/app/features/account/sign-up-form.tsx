import { zodResolver } from '@hookform/resolvers/zod';
import { CustomerCreateSchema, type CustomerCreate } from '@larder/contract';
import { Link, useNavigate } from 'react-router';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import { fieldErrorsFromApi, formErrorMessage } from '../../components/forms/form-errors.ts';
import { FIELD_PRESETS, TextField } from '../../components/forms/form-field.tsx';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { ApiError } from '../../lib/api/index.ts';
import { signUpAndSignIn } from './session.ts';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

type SignUpValues = Record<keyof CustomerCreate, string>;
const FIELDS = ['first_name', 'last_name', 'email', 'password'] as const;
const EMAIL_TAKEN = 'registration-error-email-exists';

const resolver = zodResolver(CustomerCreateSchema);

/** Sign-up: a customer account, then signed in straight away and on to /my-account. */
export function SignUpForm() {
  const navigate = useNavigate();
  const form = useSchemaForm<SignUpValues, CustomerCreate>({
    defaultValues: { first_name: '', last_name: '', email: '', password: '' },
    resolver,
  });

  const onValid = async (account: CustomerCreate) => {
    try {
      await signUpAndSignIn(account);
    } catch (error) {
      form.setServerErrors(fieldErrorsFromApi(error, FIELDS));
      form.showBanner(
        'error',
        error instanceof ApiError && error.code === EMAIL_TAKEN ? (
          <p>
            An account already uses this email address. <Link to="/login">Sign in</Link>, or{' '}
            <Link to="/forgot-password">reset your password</Link> if you’ve forgotten it.
          </p>
        ) : (
          <p>{formErrorMessage(error)}</p>
        ),
      );
      return;
    }
    await navigate('/my-account');
  };

  return (
    <form
      className="account-form"
      noValidate
      aria-busy={form.isSubmitting || undefined}
      aria-labelledby="sign-up-title"
      onSubmit={form.onSubmit(onValid)}
      data-testid="sign-up-form"
    >
      <h2 id="sign-up-title" className="account-card__title">
        Create a shopper account
      </h2>
      <FormBanner ref={form.bannerRef} banner={form.banner} />
      <div className="feedback-form__pair">
        <TextField
          id="sign-up-first-name"
          {...FIELD_PRESETS.first_name}
          maxLength={100}
          {...form.field('first_name')}
        />
        <TextField
          id="sign-up-last-name"
          {...FIELD_PRESETS.last_name}
          maxLength={100}
          {...form.field('last_name')}
        />
      </div>
      <TextField id="sign-up-email" {...FIELD_PRESETS.email} {...form.field('email')} />
      <TextField
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters. A short sentence is easy to remember and hard to guess."
        {...form.field('password')}
      />
      <div className="feedback-form__actions">
        <SubmitButton size="lg" pending={form.isSubmitting} pendingLabel="Creating your account…">
          Create account
        </SubmitButton>
      </div>
      <p className="account-form__links">
        <span>
          Already have an account? <Link to="/login">Sign in</Link>
        </span>
      </p>
    </form>
  );
}
