import { useId } from 'react';

/** Spec §9: a star rating is 1 to 5. */
export const MAX_RATING = 5;

const STAR = 'M12 1.8l3.1 6.5 7.1.9-5.2 4.9 1.3 7-6.3-3.4-6.3 3.4 1.3-7L1.8 9.2l7.1-.9z';
const STAR_WIDTH = 24;
/** Rendered sizes of the five-star row, in px. */
const SIZES = {
  sm: { width: 80, height: 16 },
  md: { width: 96, height: 19 },
  lg: { width: 120, height: 24 },
};

/** "Rated 4.9 out of 5": one decimal, as shops say it. */
export function ratingLabel(average: number): string {
  return `Rated ${(Math.round(average * 10) / 10).toString()} out of ${MAX_RATING}`;
}

/**
 * Five stars filled to the average, with an accessible label. Drawn in SVG with a clip path rather than
 * a width style, because the CSP allows no inline styles.
 */
export function StarRating({
  average,
  count,
  size = 'md',
  className,
}: {
  average: number;
  count?: number;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const { width, height } = SIZES[size];
  const clipId = `stars-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const stars = [0, 1, 2, 3, 4];
  const fill = Math.max(0, Math.min(5, average)) * STAR_WIDTH;
  return (
    <span
      className={['star-rating', className].filter(Boolean).join(' ')}
      data-testid="star-rating"
    >
      <svg
        role="img"
        aria-label={ratingLabel(average)}
        viewBox={`0 0 ${5 * STAR_WIDTH} 24`}
        width={width}
        height={height}
      >
        <defs>
          <clipPath id={clipId}>
            {stars.map((index) => (
              <path key={index} d={STAR} transform={`translate(${index * STAR_WIDTH} 0)`} />
            ))}
          </clipPath>
        </defs>
        <g clipPath={`url(#${clipId})`}>
          <rect className="star-rating__empty" x="0" y="0" width={5 * STAR_WIDTH} height="24" />
          <rect className="star-rating__full" x="0" y="0" width={fill} height="24" />
        </g>
      </svg>
      {count !== undefined ? (
        <span className="star-rating__count">
          ({count}
          <span className="visually-hidden"> {count === 1 ? 'rating' : 'ratings'}</span>)
        </span>
      ) : null}
    </span>
  );
}
