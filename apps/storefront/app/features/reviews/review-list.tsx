import { formatDate } from '../content/content-data.ts';
import type { ReviewView } from './review-data.ts';
import { StarRating } from '../../components/ui/star-rating.tsx';

/** A product's approved reviews, or why there are none: text only, so its code can wait for a scroll. */
export default function ReviewList({
  productName,
  reviews,
}: {
  productName: string;
  /** `null` when they could not be loaded. */
  reviews: ReviewView[] | null;
}) {
  if (reviews === null) {
    return (
      <p className="product-reviews__empty">
        Reviews are unavailable right now. Please try again later.
      </p>
    );
  }
  if (reviews.length === 0) {
    return (
      <p className="product-reviews__empty">
        No reviews yet. Tried our {productName}? Be the first to tell others what you think.
      </p>
    );
  }
  return (
    <ol className="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="review" data-testid="review">
          <article aria-label={`Review by ${review.reviewer}`}>
            <header className="review__head">
              <StarRating average={review.rating} size="sm" />
              <p className="review__byline">
                <strong className="review__reviewer">{review.reviewer}</strong>
                {review.verified ? <span className="review__verified">Verified buyer</span> : null}
                <time dateTime={review.date} className="review__date">
                  {formatDate(review.date)}
                </time>
              </p>
            </header>
            {/* Plain text from shoppers: React escapes it; never render it as HTML. */}
            <div className="review__text">
              {review.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
