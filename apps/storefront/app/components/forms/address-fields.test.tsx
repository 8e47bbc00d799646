import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { POSTAL_FIELDS, type AddressField } from './address-field-names.ts';
import { AddressFields } from './address-fields.tsx';
import type { CountryOption } from './countries.ts';
import { FormBanner } from './form-banner.tsx';
import { useSchemaForm } from './use-schema-form.ts';
import { SubmitButton } from './submit-button.tsx';

const COUNTRIES: CountryOption[] = [
  {
    code: 'US',
    name: 'United States (US)',
    states: [
      { code: 'NC', name: 'North Carolina' },
      { code: 'NY', name: 'New York' },
    ],
  },
  {
    code: 'CA',
    name: 'Canada',
    states: [{ code: 'ON', name: 'Ontario' }],
  },
  { code: 'GB', name: 'United Kingdom (UK)', states: [] },
  { code: 'IE', name: 'Ireland', states: [] },
];

const AddressSchema = z.object({
  shipping: z.object({
    first_name: z.string().min(1, 'Enter a first name.'),
    country: z.string().min(1, 'Choose a country.'),
    address_1: z.string(),
    address_2: z.string(),
    city: z.string().min(1, 'Enter a city.'),
    state: z.string(),
    postcode: z.string(),
  }),
});
type AddressValues = z.infer<typeof AddressSchema>;
const resolver = zodResolver(AddressSchema);

const EMPTY: AddressValues['shipping'] = {
  first_name: '',
  country: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postcode: '',
};

function AddressForm({
  start = EMPTY,
  fields = ['first_name', ...POSTAL_FIELDS],
}: {
  start?: AddressValues['shipping'];
  fields?: readonly AddressField[];
}) {
  const form = useSchemaForm<AddressValues>({ defaultValues: { shipping: start }, resolver });
  return (
    <form noValidate onSubmit={form.onSubmit(() => undefined)}>
      <FormBanner ref={form.bannerRef} banner={form.banner} />
      <AddressFields
        form={form}
        prefix="shipping"
        idPrefix="test-shipping"
        section="shipping"
        fields={fields}
        countries={COUNTRIES}
      />
      <SubmitButton pending={false} pendingLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}

describe('AddressFields', () => {
  it('asks for the fields a form names, in its order, labelled, with section autocomplete', () => {
    render(<AddressForm fields={['country', 'state', 'city', 'postcode', 'address_1']} />);
    const controls = [...document.querySelectorAll<HTMLInputElement>('input, select')];
    expect(controls.map((control) => control.name)).toEqual([
      'shipping.country',
      'shipping.state',
      'shipping.city',
      'shipping.postcode',
      'shipping.address_1',
    ]);
    expect(screen.getByLabelText('City').getAttribute('autocomplete')).toBe(
      'shipping address-level2',
    );
    expect(screen.getByLabelText('Country').getAttribute('autocomplete')).toBe('shipping country');
    expect(screen.getByLabelText('Street address').id).toBe('test-shipping-address_1');
  });

  it("offers the chosen country's states as a list and a text field where it has none", async () => {
    const user = userEvent.setup();
    render(<AddressForm />);
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    const states = screen.getByLabelText('State');
    expect(states.tagName).toBe('SELECT');
    expect([...(states as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Choose a state',
      'North Carolina',
      'New York',
    ]);
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(screen.getByLabelText('State / Region').tagName).toBe('INPUT');
  });

  it('clears a state the new country does not list, and keeps typed text between countries without lists', async () => {
    const user = userEvent.setup();
    render(<AddressForm start={{ ...EMPTY, country: 'US', state: 'NC' }} />);
    expect(screen.getByLabelText('State')).toHaveProperty('value', 'NC');
    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    expect(screen.getByLabelText('State')).toHaveProperty('value', '');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.type(screen.getByLabelText('State / Region'), 'Kent');
    await user.selectOptions(screen.getByLabelText('Country'), 'IE');
    expect(screen.getByLabelText('State / Region')).toHaveProperty('value', 'Kent');
  });

  it('links each message to its field and focuses the first invalid field on a failed submit', async () => {
    const user = userEvent.setup();
    render(<AddressForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const firstName = screen.getByLabelText('First name');
    expect(document.activeElement).toBe(firstName);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(firstName.getAttribute('aria-describedby')).toBe('test-shipping-first_name-error');
    expect(document.getElementById('test-shipping-first_name-error')?.textContent).toBe(
      'Enter a first name.',
    );
    expect(screen.getByLabelText('City').getAttribute('aria-describedby')).toBe(
      'test-shipping-city-error',
    );
    // The banner is announced; focus stays on the field to fix.
    expect(screen.getByRole('alert').textContent).toBe('Please check the highlighted fields.');
  });

  it('renders the values it starts from on the server, before any script runs', () => {
    const html = renderToString(
      <AddressForm start={{ ...EMPTY, first_name: 'Ada', country: 'US', state: 'NY' }} />,
    );
    expect(html).toContain('value="Ada"');
    expect(html).toMatch(/<option value="NY" selected="">New York<\/option>/);
  });
});
