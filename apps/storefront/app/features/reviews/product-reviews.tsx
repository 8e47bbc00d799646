import { lazy, Suspense, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ReviewerDefaults } from './add-review-dialog.tsx';
import { reviewCountLabel, summariseReviews, type ReviewView } from './review-data.ts';
import { MAX_RATING, StarRating } from '../../components/ui/star-rating.tsx';
import './reviews.css';
import { Button } from '../../components/ui/button.tsx';
import { lazyAfterFirstVisit } from '../../lib/lazy-after-first-visit.ts';

// Loaded when first opened: its form and schema (zod) stay out of the product page's first load.
const AddReviewDialog = lazy(() =>
  import('./add-review-dialog.tsx').then((module) => ({ default: module.AddReviewDialog })),
);

// Below the product: out of a first visit's load until the shopper scrolls (decision 0047).
const ReviewList = lazyAfterFirstVisit(() => import('./review-list.tsx'));

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

        <Suspense>
          <ReviewList productName={product.name} reviews={reviews} />
        </Suspense>
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
