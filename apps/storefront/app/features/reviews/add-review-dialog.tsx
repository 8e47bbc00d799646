import { ReviewCreateSchema, type ProductReview, type ReviewCreate } from '@larder/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useWatch, type Resolver } from 'react-hook-form';
import { Dialog } from '../../components/ui/dialog.tsx';
import { notify } from '../../components/ui/toast.tsx';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import {
  FIELD_PRESETS,
  TextAreaField,
  TextField,
  errorIdFor,
} from '../../components/forms/form-field.tsx';
import { fieldErrorsFromApi, formErrorMessage } from '../../components/forms/form-errors.ts';
import { StarRatingInput } from './star-rating-input.tsx';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { useCustomer } from '../account/use-customer.ts';
import './reviews.css';
import { SubmitButton } from '../../components/forms/submit-button.tsx';

const FIELDS = ['reviewer', 'reviewer_email', 'review', 'rating'] as const;
type ReviewValues = Record<(typeof FIELDS)[number], string>;

/** The contract's review rules on the typed strings: the rating as a number, the product fixed. */
const reviewResolver =
  (productId: number): Resolver<ReviewValues, unknown, ReviewCreate> =>
  (values, context, options) =>
    zodResolver(ReviewCreateSchema)(
      { ...values, product_id: productId, rating: Number(values.rating) || 0 },
      context,
      options as never,
    ) as ReturnType<Resolver<ReviewValues, unknown, ReviewCreate>>;

export const REVIEW_ADDED_MESSAGE = 'Your review has been added';
export const REVIEW_HELD_MESSAGE = `${REVIEW_ADDED_MESSAGE}. It will appear on this page once we have approved it.`;

/** Name and email, prefilled from the signed-in customer (spec §2). */
export interface ReviewerDefaults {
  reviewer: string;
  reviewer_email: string;
}

export interface AddReviewDialogProps {
  open: boolean;
  onClose: () => void;
  product: { id: number; name: string };
  defaults?: ReviewerDefaults;
  onPosted?: (review: ProductReview) => void;
}

/** Spec §2 'Add review' dialog. */
export function AddReviewDialog({
  open,
  onClose,
  product,
  defaults,
  onPosted,
}: AddReviewDialogProps) {
  const customer = useCustomer();
  // Spec §2: first name plus last name, and email, of the signed-in customer; the API posts a
  // customer's review under their account whatever is sent, so they are shown, not asked for.
  const account = customer
    ? {
        reviewer: `${customer.first_name} ${customer.last_name}`.trim() || 'Customer',
        reviewer_email: customer.email,
      }
    : undefined;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add review"
      className="review-dialog"
      testId="add-review-dialog"
    >
      {(requestClose) => (
        <ReviewForm
          product={product}
          defaults={account ?? defaults}
          fromAccount={account !== undefined}
          onPosted={(review) => {
            requestClose();
            onPosted?.(review);
          }}
        />
      )}
    </Dialog>
  );
}

function ReviewForm({
  product,
  defaults,
  fromAccount,
  onPosted,
}: Pick<AddReviewDialogProps, 'product' | 'defaults'> & {
  /** Name and email are the signed-in customer's: shown, not fields. */
  fromAccount: boolean;
  onPosted: (review: ProductReview) => void;
}) {
  const [resolver] = useState(() => reviewResolver(product.id));
  const form = useSchemaForm<ReviewValues, ReviewCreate>({
    resolver,
    defaultValues: {
      reviewer: defaults?.reviewer ?? '',
      reviewer_email: defaults?.reviewer_email ?? '',
      review: '',
      rating: '',
    },
  });
  const rating = Number(useWatch({ control: form.control, name: 'rating' })) || 0;
  const { isValid } = form.formState;

  const onValid = async (review: ReviewCreate) => {
    try {
      const created = await createShopApi(browserApiFetch).createProductReview(review);
      // Spec §8: a toast, and the dialog closes. Held reviews wait for moderation: say so.
      notify({
        type: 'success',
        message: created.status === 'approved' ? REVIEW_ADDED_MESSAGE : REVIEW_HELD_MESSAGE,
      });
      onPosted(created);
    } catch (error) {
      form.setServerErrors(fieldErrorsFromApi(error, FIELDS));
      form.showBanner('error', formErrorMessage(error));
    }
  };

  const ratingId = 'review-rating';
  const submitHintId = 'review-submit-hint';
  return (
    <form
      className="feedback-form review-form"
      noValidate
      onSubmit={form.onSubmit(onValid)}
      aria-busy={form.isSubmitting || undefined}
    >
      <p className="review-form__product">
        Reviewing <strong>{product.name}</strong>
      </p>
      <FormBanner ref={form.bannerRef} banner={form.banner} />
      <StarRatingInput
        value={rating}
        onChange={(next) =>
          form.setValue('rating', String(next), { shouldValidate: true, shouldTouch: true })
        }
        error={form.formState.errors.rating?.message}
        errorId={errorIdFor(ratingId)}
      />
      {fromAccount ? (
        <p className="review-form__author">
          Posting as <strong>{defaults?.reviewer}</strong> ({defaults?.reviewer_email}, never shown
          with your review).
        </p>
      ) : (
        <>
          <TextField
            id="review-reviewer"
            label="Name"
            autoComplete="name"
            maxLength={100}
            {...form.field('reviewer')}
          />
          <TextField
            id="review-reviewer_email"
            {...FIELD_PRESETS.email}
            hint="Never shown with your review."
            {...form.field('reviewer_email')}
          />
        </>
      )}
      <TextAreaField
        id="review-review"
        label="Your review"
        {...FIELD_PRESETS.letter}
        {...form.field('review')}
      />
      <div className="feedback-form__actions">
        <SubmitButton
          pending={form.isSubmitting}
          pendingLabel="Submitting…"
          disabled={!isValid}
          aria-describedby={isValid ? undefined : submitHintId}
        >
          Submit Review
        </SubmitButton>
        {isValid ? null : (
          <p id={submitHintId} className="form-field__hint">
            Fill in every field and choose a star rating to submit.
          </p>
        )}
      </div>
    </form>
  );
}
