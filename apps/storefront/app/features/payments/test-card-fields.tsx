import { TestCardSchema, testPaymentToken, type TestCard } from '@larder/contract';
import { useEffect, useImperativeHandle } from 'react';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import type { CardFieldsProps } from './card-fields.ts';
import { formatCardNumber, formatCvc, formatExpiry } from './test-card.ts';

type CardField = keyof TestCard;

const EMPTY_CARD: Record<CardField, string> = { number: '', expiry: '', cvc: '' };

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
  const form = useSchemaForm<CardField, TestCard>({
    schema: TestCardSchema,
    initialValues: EMPTY_CARD,
  });
  const { values, isValid } = form;

  useEffect(() => {
    onStateChange({ status: 'ready', complete: isValid });
  }, [isValid, onStateChange]);

  useImperativeHandle(
    handleRef,
    () => ({
      createPaymentMethod: async () => {
        const card = form.submit();
        return card
          ? { token: testPaymentToken(card.number) }
          : { error: 'Check the card details and try again.' };
      },
    }),
    [form],
  );

  const format = (name: CardField, value: string) =>
    name === 'number'
      ? formatCardNumber(value)
      : name === 'expiry'
        ? formatExpiry(value, values.expiry)
        : formatCvc(value, values.number);

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
          const error = form.errorFor(name);
          return (
            <div
              key={name}
              className={`form-field card-fields__${name}`}
              data-invalid={error ? '' : undefined}
            >
              <label htmlFor={field.id} className="form-field__label">
                {label}
              </label>
              <input
                {...field}
                onChange={(event) => form.setValue(name, format(name, event.currentTarget.value))}
                className="form-field__control card-fields__control"
                type="text"
                inputMode="numeric"
                autoComplete={autoComplete}
                placeholder={placeholder}
                spellCheck={false}
                aria-required
              />
              {error ? (
                <p id={form.errorId(name)} className="form-field__error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
