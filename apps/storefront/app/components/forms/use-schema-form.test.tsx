import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormBanner } from './form-banner.tsx';
import { FIELD_PRESETS, TextField } from './form-field.tsx';
import { useSchemaForm } from './use-schema-form.ts';
import { SubmitButton } from './submit-button.tsx';

const EmailSchema = z.object({ email: z.email('Enter a valid email address.') });
const resolver = zodResolver(EmailSchema);

/** A form whose server refuses every address, naming the field. */
function RefusingForm() {
  const form = useSchemaForm<{ email: string }>({ defaultValues: { email: '' }, resolver });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async () => {
        await Promise.resolve();
        form.setServerErrors({ email: 'That address cannot receive email.' });
        form.showBanner('error', 'Please check the highlighted fields.');
      })}
    >
      <FormBanner ref={form.bannerRef} banner={form.banner} />
      <TextField id="email" {...FIELD_PRESETS.email} {...form.field('email')} />
      <SubmitButton pending={form.isSubmitting} pendingLabel="Sending…">
        Send
      </SubmitButton>
    </form>
  );
}

describe('useSchemaForm', () => {
  it('shows nothing before a field is left, then its message linked to it', async () => {
    const user = userEvent.setup();
    render(<RefusingForm />);
    await user.type(screen.getByLabelText('Email'), 'ada@');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Enter a valid email address.').id).toBe('email-error');
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe('email-error');
  });

  it('a refusal from the server puts its message beside the field and focuses the banner', async () => {
    const user = userEvent.setup();
    render(<RefusingForm />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const banner = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(screen.getByText('That address cannot receive email.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
