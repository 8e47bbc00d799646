import { Form, useNavigation } from 'react-router';
import { TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import { AdminPageHeader } from '../admin-shell.tsx';
import type { SecurityResult, ShownSetup } from './security.server.ts';

interface SecurityScreenProps {
  email: string;
  enabled: boolean;
  result: SecurityResult | undefined;
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to copy by eye; apps ignore the spaces. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function CodeField({ id, label, error }: { id: string; label: string; error?: string }) {
  return (
    <TextField
      id={id}
      name="code"
      label={label}
      hint="The 6-digit code your authenticator app shows now."
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      error={error}
      className="admin-code-input"
    />
  );
}

function SetupSteps({ email, setup, error }: { email: string; setup: ShownSetup; error?: string }) {
  const navigation = useNavigation();
  return (
    <div className="admin-two-factor-setup" data-testid="two-factor-setup">
      <ol className="admin-steps">
        <li>
          <p>
            Open your authenticator app (1Password, Google Authenticator, Authy, …) and scan this
            code.
          </p>
          <img
            className="admin-qr"
            src={setup.qrImage}
            width={200}
            height={200}
            alt={`QR code for two-factor sign-in as ${email}`}
          />
        </li>
        <li>
          <p>Cannot scan it? Add the account by hand with this key (time-based):</p>
          <p>
            <code className="admin-secret" data-testid="two-factor-secret">
              {grouped(setup.secret)}
            </code>
          </p>
        </li>
        <li>
          <Form method="post" className="admin-form" aria-label="Confirm two-factor sign-in">
            <input type="hidden" name="intent" value="enable" />
            <input type="hidden" name="secret" value={setup.secret} />
            <input type="hidden" name="qr_image" value={setup.qrImage} />
            <CodeField id="enable-code" label="Code from the app" error={error} />
            <SubmitButton
              pending={navigation.formData?.get('intent') === 'enable'}
              pendingLabel="Checking…"
            >
              Turn on
            </SubmitButton>
          </Form>
        </li>
      </ol>
    </div>
  );
}

/**
 * The owner's own sign-in: two-factor (TOTP) on or off. Turning it on shows a new secret as a QR
 * code and as text, and takes effect once a code from it is confirmed; turning it off needs a
 * current code, so a session left open elsewhere cannot do it.
 */
export function SecurityScreen({ email, enabled, result }: SecurityScreenProps) {
  const navigation = useNavigation();
  const codeError = result?.ok ? undefined : result?.fieldErrors?.code;
  const setup = !enabled ? result?.setup : undefined;
  return (
    <>
      <AdminPageHeader title="Your sign-in" description={<>Signed in as {email}</>} />
      <ActionNotice result={result} />
      <section className="admin-card admin-narrow" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title" className="admin-card__title">
          Two-factor sign-in{' '}
          <span
            className={`admin-badge ${enabled ? 'admin-badge--good' : 'admin-badge--waiting'}`}
            data-testid="two-factor-status"
          >
            {enabled ? 'On' : 'Off'}
          </span>
        </h2>
        {enabled ? (
          <>
            <p>
              Each sign-in with your password also asks for a code from your authenticator app, so a
              stolen password alone cannot open the back office.
            </p>
            <Form method="post" className="admin-form" aria-label="Turn off two-factor sign-in">
              <input type="hidden" name="intent" value="disable" />
              <CodeField id="disable-code" label="Code from the app" error={codeError} />
              <SubmitButton
                variant="secondary"
                pending={navigation.formData?.get('intent') === 'disable'}
                pendingLabel="Turning off…"
              >
                Turn off two-factor sign-in
              </SubmitButton>
            </Form>
          </>
        ) : setup ? (
          <SetupSteps email={email} setup={setup} error={codeError} />
        ) : (
          <>
            <p>
              Your password is all it takes to sign in. Turn on two-factor sign-in and each sign-in
              also asks for a 6-digit code from an authenticator app on your phone.
            </p>
            <Form method="post" className="admin-form" aria-label="Start two-factor sign-in">
              <input type="hidden" name="intent" value="setup" />
              <SubmitButton
                pending={navigation.formData?.get('intent') === 'setup'}
                pendingLabel="Preparing…"
              >
                Turn on two-factor sign-in
              </SubmitButton>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
