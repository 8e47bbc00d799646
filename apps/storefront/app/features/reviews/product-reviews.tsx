import { lazy, Suspense, useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate } from '../content/content-data.ts';
import type { ReviewerDefaults } from './add-review-dialog.tsx';
import { reviewCountLabel, summariseReviews, type ReviewView } from './review-data.ts';
import { MAX_RATING, StarRating } from '../../components/ui/star-rating.tsx';
import './reviews.css';
import { Button } from '../../components/ui/button.tsx';

// Loaded when first opened: its form and schema (zod) stay out of the product page's first load.
const AddReviewDialog = lazy(() =>
  import('./add-review-dialog.tsx').then((module) => ({ default: module.AddReviewDialog })),
);

export interface ProductReviewsProps {
  product: { id: number; name: string };
  /** From `loadProductReviews`; `null` when they could not be loaded. */
  reviews: ReviewView[] | null;
  /** The signed-in customer's name and email (accounts issue). */
  reviewerDefaults?: ReviewerDefaults;
}

/** Spec §2/§7: the product's average rating, its approved reviews and the 'Add review' dialog. */
export function ProductReviews({ product, reviews, reviewerDefaults }: ProductReviewsProps) {
  const [open, setOpen] = useState(false);
  // Stays mounted once opened, so closing plays out as before (focus goes back to the button).
  const [dialogWanted, setDialogWanted] = useState(false);
  const revalidator = useRevalidator();
  const summary = reviews ? summariseReviews(reviews) : null;
  const headingId = `product-reviews-${product.id}`;

  return (
    <section
      className="section product-reviews"
      aria-labelledby={headingId}
      data-testid="product-reviews"
    >
      <div className="container">
        <div className="product-reviews__head">
          <div>
            <h2 id={headingId} className="section__title">
              Reviews
            </h2>
            {summary && summary.count > 0 ? (
              <p className="product-reviews__summary" data-testid="review-summary">
                <StarRating average={summary.average} size="lg" />
                <span>
                  {summary.average} out of {MAX_RATING} · {reviewCountLabel(summary.count)}
                </span>
              </p>
            ) : null}
          </div>
          <Button
            variant="secondary"
            onClick={() => {
              setDialogWanted(true);
              setOpen(true);
            }}
          >
            Add review
          </Button>
        </div>

        {reviews === null ? (
          <p className="product-reviews__empty">
            Reviews are unavailable right now. Please try again later.
          </p>
        ) : reviews.length === 0 ? (
          <p className="product-reviews__empty">
            No reviews yet. Tried our {product.name}? Be the first to tell others what you think.
          </p>
        ) : (
          <ol className="review-list">
            {reviews.map((review) => (
              <li key={review.id} className="review" data-testid="review">
                <article aria-label={`Review by ${review.reviewer}`}>
                  <header className="review__head">
                    <StarRating average={review.rating} size="sm" />
                    <p className="review__byline">
                      <strong className="review__reviewer">{review.reviewer}</strong>
                      {review.verified ? (
                        <span className="review__verified">Verified buyer</span>
                      ) : null}
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
        )}
      </div>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <AddReviewDialog
            open={open}
            onClose={() => setOpen(false)}
            product={product}
            defaults={reviewerDefaults}
            onPosted={(review) => {
              // A review approved at once (a verified buyer) belongs in the list now.
              if (review.status === 'approved') void revalidator.revalidate();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
