import type { CartDiscounts } from '@larder/contract';
import { formatMoney } from '@larder/contract/money';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../components/forms/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useDiscountCodes, type CartDiscountState } from './discount-codes.ts';

interface DiscountCodeFormProps {
  /** `cart` or `checkout`: keeps the ids of the two pages' fields apart. */
  idPrefix: string;
  codes: string[];
  state: CartDiscountState;
  apply: (code: string) => Promise<{ ok: true } | { ok: false; message: string }>;
}

const takenOff = (discounts: CartDiscounts | null, code: string) =>
  discounts?.coupon_lines.find((line) => line.code.toLowerCase() === code.toLowerCase());

/**
 * The "Discount code" field and the codes applied, each with what it took off and a Remove button.
 * Not a <form>: at checkout it sits inside the order form, and Enter applies the code, not the order.
 * What happens is said in one live region; focus goes back to the field after a refusal or a removal.
 */
export function DiscountCodeForm({ idPrefix, codes, state, apply }: DiscountCodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = `${idPrefix}-discount-code`;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    const typed = code.trim();
    if (!typed) {
      setError('Enter a discount code.');
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    const result = await apply(typed);
    setPending(false);
    if (result.ok) {
      setCode('');
      setError(null);
      setAnnouncement(`Discount code ${typed.toUpperCase()} applied.`);
    } else {
      setError(result.message);
      setAnnouncement(result.message);
      inputRef.current?.focus();
    }
  };

  const remove = (removed: string) => {
    useDiscountCodes.getState().remove(removed);
    setAnnouncement(`Discount code ${removed} removed.`);
    inputRef.current?.focus();
  };

  return (
    <div className="discount-codes" data-testid={`${idPrefix}-discount`}>
      {codes.length > 0 ? (
        <ul className="discount-codes__list" aria-label="Discount codes applied">
          {codes.map((applied) => {
            const line = takenOff(state.discounts, applied);
            return (
              <li key={applied} className="discount-codes__item">
                <span className="discount-codes__code">{applied}</span>
                <span className="discount-codes__amount">
                  {line
                    ? line.free_shipping && line.discount === '0.00'
                      ? 'Free shipping'
                      : `−${formatMoney(line.discount)}${line.free_shipping ? ' and free shipping' : ''}`
                    : state.status === 'loading'
                      ? 'Checking…'
                      : ''}
                </span>
                <Button
                  variant="ghost"
                  className="discount-codes__remove"
                  onClick={() => remove(applied)}
                  aria-label={`Remove discount code ${applied}`}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {state.error ? (
        <p className="discount-codes__problem" data-testid={`${idPrefix}-discount-problem`}>
          {state.error}
        </p>
      ) : null}
      <div className="discount-codes__entry">
        <TextField
          ref={inputRef}
          id={id}
          label="Discount code"
          required={false}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          value={code}
          error={error ?? undefined}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void submit(event);
          }}
        />
        <Button
          variant="secondary"
          className="discount-codes__apply"
          onClick={() => void submit()}
          aria-disabled={pending || undefined}
        >
          {pending ? 'Checking…' : 'Apply'}
        </Button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
