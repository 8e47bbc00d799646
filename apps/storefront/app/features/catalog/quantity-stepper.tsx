import { useId } from 'react';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  max?: number;
  disabled?: boolean;
}

/** Minus, a number field and plus; min 1, and max from stock when the shop knows it. */
export function QuantityStepper({ value, onChange, max, disabled }: QuantityStepperProps) {
  const id = useId();
  const clamp = (next: number) => Math.max(1, max === undefined ? next : Math.min(max, next));
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
          onClick={() => onChange(clamp(value - 1))}
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
          data-testid="quantity-input"
          onChange={(event) => {
            const next = Number.parseInt(event.target.value, 10);
            if (Number.isFinite(next)) onChange(clamp(next));
          }}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label="Increase quantity"
          onClick={() => onChange(clamp(value + 1))}
          disabled={disabled || (max !== undefined && value >= max)}
        >
          +
        </button>
      </div>
      {max !== undefined ? <p className="stepper__hint muted">Only {max} left</p> : null}
    </div>
  );
}
