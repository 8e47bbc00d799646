import { zodResolver } from '@hookform/resolvers/zod';
import { TestCardSchema, testPaymentToken, type TestCard } from '@larder/contract';
import { useEffect, useImperativeHandle } from 'react';
import { TextField } from '../../components/forms/form-field.tsx';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import type { CardFieldsProps } from './card-fields.ts';
import { formatCardNumber, formatCvc, formatExpiry } from './test-card.ts';

type CardField = keyof TestCard;
type CardValues = Record<CardField, string>;

const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '' };
const resolver = zodResolver(TestCardSchema);

const FIELDS: { name: CardField; label: string; autoComplete: string; placeholder: string }[] = [
  {
    name: 'number',
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
  },
  { name: 'expiry', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', placeholder: 'MM / YY' },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: '123' },
];

/**
 * The built-in test provider's card form (architecture: payments): checked here with the contract's
 * TestCardSchema and never sent to our server; only `testPaymentToken` (outcome and last four) goes.
 */
export function TestCardFields({ disabled, onStateChange, handleRef }: CardFieldsProps) {
  const form = useSchemaForm<CardValues, TestCard>({ defaultValues: EMPTY_CARD, resolver });
  const { isValid } = form.formState;
  const { getValues, handleSubmit } = form;

  useEffect(() => {
    onStateChange({ status: 'ready', complete: isValid });
  }, [isValid, onStateChange]);

  useImperativeHandle(
    handleRef,
    () => ({
      createPaymentMethod: async () => {
        let card: TestCard | null = null;
        await handleSubmit((valid) => {
          card = valid;
        })();
        return card
          ? { token: testPaymentToken((card as TestCard).number) }
          : { error: 'Check the card details and try again.' };
      },
    }),
    [handleSubmit],
  );

  const format = (name: CardField, value: string) =>
    name === 'number'
      ? formatCardNumber(value)
      : name === 'expiry'
        ? formatExpiry(value, getValues('expiry'))
        : formatCvc(value, getValues('number'));

  return (
    <fieldset className="card-fields" data-testid="test-card-fields" disabled={disabled}>
      <legend className="card-fields__legend">
        Card details <span className="card-fields__badge">Test mode</span>
      </legend>
      <p className="form-field__hint card-fields__hint">
        No real card is charged. Use 4242 4242 4242 4242 with any future date and CVC; 4000 0000
        0000 0002 is declined.
      </p>
      <div className="card-fields__grid">
        {FIELDS.map(({ name, label, autoComplete, placeholder }) => {
          const field = form.field(name);
          return (
            <div key={name} className={`card-fields__${name}`}>
              <TextField
                {...field}
                id={`test-card-${name}`}
                label={label}
                // The typed digits, spaced and slashed as a card shows them, before the form sees them.
                onChange={(event) => {
                  event.currentTarget.value = format(name, event.currentTarget.value);
                  return field.onChange(event);
                }}
                className="card-fields__control"
                inputMode="numeric"
                autoComplete={autoComplete}
                placeholder={placeholder}
                spellCheck={false}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
