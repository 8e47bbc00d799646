import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { pushDialogEntry, releaseDialogEntry } from './dialog-history.ts';
import { anchoredPosition, type Point } from './dialog-position.ts';

/** Spec §4/§9: the close event is emitted 250 ms after closing starts (the exit animation's length). */
export const DIALOG_CLOSE_DELAY_MS = 250;
/** Spec §9: Escape, key code 27. */
const ESCAPE_KEY_CODE = 27;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type DialogVariant = 'padded' | 'fullscreen' | 'anchored';

export interface DialogProps {
  open: boolean;
  /** Called 250 ms after the dialog starts closing (Escape, overlay, back, close button, or `requestClose`). */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode | ((requestClose: () => void) => ReactNode);
  variant?: DialogVariant;
  /** Screen point for the anchored variant. */
  anchor?: Point;
  closeButtonPosition?: 'left' | 'right';
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
  className?: string;
  testId?: string;
}

/** The generic dialog container of spec §2: modal, focus-trapped, closable by Escape, overlay, back or button. */
export function Dialog(props: DialogProps) {
  const hydrated = useHydrated();
  if (!props.open || !hydrated) return null;
  return createPortal(<DialogView {...props} />, document.body);
}

function DialogView({
  onClose,
  title,
  children,
  variant = 'padded',
  anchor,
  closeButtonPosition = 'right',
  hideTitle = false,
  className,
  testId = 'dialog',
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const panelRef = useRef<HTMLDivElement>(null);
  const [closing, setClosing] = useState(false);
  const closingRef = useRef(false);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  const requestClose = useCallback(() => {
    if (closingRef.current) return;
    closingRef.current = true;
    setClosing(true);
    releaseDialogEntry(id);
    window.setTimeout(() => onCloseRef.current(), DIALOG_CLOSE_DELAY_MS);
  }, [id]);

  // Focus moves in on open and back to the opener on close.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first =
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    pushDialogEntry(id, requestClose);
    return () => releaseDialogEntry(id);
  }, [id, requestClose]);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' || event.keyCode === ESCAPE_KEY_CODE) {
        event.preventDefault();
        requestClose();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [requestClose]);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (variant !== 'anchored' || !anchor || !panel) return;
    const { width, height } = panel.getBoundingClientRect();
    const { left, top } = anchoredPosition(
      anchor,
      { width, height },
      { width: window.innerWidth, height: window.innerHeight },
    );
    // CSSOM writes, not a style attribute: allowed by a strict CSP.
    panel.style.left = `${left}px`;
    panel.style.top = `${top}px`;
  }, [variant, anchor]);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const state = closing ? 'closing' : 'open';
  return (
    <div className="dialog-root" data-state={state} data-variant={variant}>
      <div
        className="dialog-overlay"
        data-state={state}
        data-testid="dialog-overlay"
        onClick={requestClose}
        aria-hidden="true"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={['dialog', className].filter(Boolean).join(' ')}
        data-state={state}
        data-variant={variant}
        data-close-position={closeButtonPosition}
        data-testid={testId}
        onKeyDown={trapTab}
      >
        <div className="dialog__bar">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
            {title}
          </h2>
          <button
            type="button"
            className="dialog__close"
            onClick={requestClose}
            aria-label="Close dialog"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <div className="dialog__body">
          {typeof children === 'function' ? children(requestClose) : children}
        </div>
      </div>
    </div>
  );
}
