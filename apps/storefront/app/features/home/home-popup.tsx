import { Dialog } from '../../components/ui/dialog.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';

/**
 * Spec §2 Dialogs: "a home popup placeholder view exists with no behaviour". The view only: nothing
 * in the shop opens it (no timer, no first-visit rule), as the spec gives it none (decision 0046).
 * Whatever gives it a trigger loads it with `lazy(() => import('./home-popup.tsx'))`, so it never
 * weighs on a page's first load.
 */
export default function HomePopup({
  open,
  onClose,
  shopName,
}: {
  open: boolean;
  onClose: () => void;
  shopName: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={`Welcome to ${shopName}`} testId="home-popup">
      {(requestClose) => (
        <>
          <p>Small-batch granola, slow-toasted and baked weekly in our Durham kitchen.</p>
          <ButtonLink to="/shop" onClick={requestClose}>
            Shop granola
          </ButtonLink>
        </>
      )}
    </Dialog>
  );
}
