import { useId, useState } from 'react';
const STARS = [1, 2, 3, 4, 5] as const;

const STAR_PATH =
  'M12 2.5l2.9 6.06 6.6.8-4.86 4.57 1.25 6.57L12 17.27 6.11 20.5l1.25-6.57L2.5 9.36l6.6-.8z';

function StarIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <path d={STAR_PATH} />
    </svg>
  );
}

export const starLabel = (count: number) => `${count} ${count === 1 ? 'star' : 'stars'}`;

export interface StarRatingInputProps {
  /** 0 when no star is chosen yet (spec §3: rating null until chosen). */
  value: number;
  onChange: (rating: number) => void;
  name?: string;
  legend?: string;
  error?: string;
  errorId?: string;
}

/**
 * Spec §2: a rating chosen by clicking a star. Native radio buttons underneath, so Tab reaches the
 * group and the arrow keys move between stars; hovering previews the rating.
 */
export function StarRatingInput({
  value,
  onChange,
  name = 'rating',
  legend = 'Your rating',
  error,
  errorId,
}: StarRatingInputProps) {
  const id = useId();
  const [preview, setPreview] = useState(0);
  const shown = preview || value;
  return (
    <fieldset
      className="star-input"
      aria-describedby={error && errorId ? errorId : undefined}
      data-invalid={error ? '' : undefined}
      onMouseLeave={() => setPreview(0)}
    >
      <legend className="form-field__label">{legend}</legend>
      <div className="star-input__stars">
        {STARS.map((star) => (
          <span key={star} className="star-input__star">
            <input
              type="radio"
              id={`${id}-${star}`}
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="star-input__radio"
            />
            <label
              htmlFor={`${id}-${star}`}
              className="star-input__label"
              data-filled={star <= shown ? '' : undefined}
              onMouseEnter={() => setPreview(star)}
            >
              <StarIcon className="star-input__icon" />
              <span className="visually-hidden">{starLabel(star)}</span>
            </label>
          </span>
        ))}
        <span className="star-input__value" aria-hidden="true">
          {value ? starLabel(value) : 'Choose a rating'}
        </span>
      </div>
      {error && errorId ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
