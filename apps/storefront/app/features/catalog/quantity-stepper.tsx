import { useId, useState } from 'react';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** The most that may be chosen now: stock less what the cart already holds. */
  max?: number;
  disabled?: boolean;
  /** Shown beside the field while the shop knows its stock, e.g. "Only 3 left". */
  hint?: string;
  /** Said (in a live region) when the shopper asks for more than `max`, or `max` is 0. */
  limitMessage?: string;
}

/** Minus, a number field and plus; min 1, and max from stock when the shop knows it. */
export function QuantityStepper({
  value,
  onChange,
  max,
  disabled,
  hint,
  limitMessage,
}: QuantityStepperProps) {
  const id = useId();
  const [overLimit, setOverLimit] = useState(false);
  const choose = (next: number) => {
    // Plus stays pressable at the limit, so asking for more is answered instead of ignored.
    setOverLimit(max !== undefined && next > max);
    onChange(Math.max(1, max === undefined ? next : Math.min(max, next)));
  };
  return (
    <div className="stepper">
      <label htmlFor={id} className="product__label">
        Quantity
      </label>
      <div className="stepper__controls">
        <button
          type="button"
          className="stepper__button"
          aria-label="Decrease quantity"
          onClick={() => choose(value - 1)}
          disabled={disabled || value <= 1}
        >
          −
        </button>
        <input
          id={id}
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={value}
          disabled={disabled}
          aria-describedby={`${id}-limit`}
          data-testid="quantity-input"
          onChange={(event) => {
            const next = Number.parseInt(event.target.value, 10);
            if (Number.isFinite(next)) choose(next);
          }}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label="Increase quantity"
          onClick={() => choose(value + 1)}
          disabled={disabled}
        >
          +
        </button>
      </div>
      {hint ? <p className="stepper__hint muted">{hint}</p> : null}
      <p id={`${id}-limit`} className="stepper__limit" role="status" data-testid="quantity-limit">
        {overLimit || max === 0 ? limitMessage : ''}
      </p>
    </div>
  );
}
