/**
 * Browser back closes an open dialog (spec §2 Dialogs). Opening pushes a same-URL history entry; the
 * pop that leaves it (back button, or our own history.back() when closed another way) is swallowed
 * here before React Router sees it, so it does not re-run the page's loaders.
 */
const MARKER = '__larderDialog';
let pendingOwnPops = 0;
const closers = new Map<string, () => void>();
let installed = false;

function onPopState(event: PopStateEvent) {
  const open = [...closers.entries()];
  const top = open[open.length - 1];
  if (top) {
    // A dialog is open: this is the user going back, which closes it instead of leaving the page.
    event.stopImmediatePropagation();
    closers.delete(top[0]);
    top[1]();
    return;
  }
  if (pendingOwnPops > 0) {
    // The pop from our own history.back() after a dialog closed another way.
    pendingOwnPops -= 1;
    event.stopImmediatePropagation();
  }
}

function install() {
  if (installed) return;
  installed = true;
  // Capture on window runs before React Router's listener (registered earlier, in the bubble phase).
  window.addEventListener('popstate', onPopState, { capture: true });
}

function isCurrentEntry(id: string): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[MARKER] === id
  );
}

/** Pushes the dialog's history entry; `onBack` runs when the user goes back while it is open. */
export function pushDialogEntry(id: string, onBack: () => void): void {
  install();
  // A pop still owed from an earlier dialog that never arrived must not swallow a real navigation later.
  pendingOwnPops = 0;
  closers.set(id, onBack);
  const state: unknown = window.history.state;
  window.history.pushState(
    { ...(typeof state === 'object' && state ? state : {}), [MARKER]: id },
    '',
  );
}

/** The dialog closed by other means: drop its entry if it is still the current one. */
export function releaseDialogEntry(id: string): void {
  if (!closers.delete(id)) return;
  if (isCurrentEntry(id)) {
    pendingOwnPops += 1;
    window.history.back();
  }
}
