/**
 * Page scroll lock shared by every modal. Reference-counted so that closing one of two stacked
 * modals does not unlock the page under the other, and the body's original inline overflow is
 * restored exactly when the last lock is released.
 */
let locks = 0;
let savedOverflow = '';
let savedPaddingRight = '';

export function lockScroll(): () => void {
  if (locks === 0) {
    const body = document.body;
    savedOverflow = body.style.overflow;
    savedPaddingRight = body.style.paddingRight;
    // Hiding the scrollbar would shift the layout sideways; pad by its width instead.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    body.style.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) {
      document.body.style.overflow = savedOverflow;
      document.body.style.paddingRight = savedPaddingRight;
    }
  };
}

/** Number of modals currently holding the lock (for tests and diagnostics). */
export function scrollLockCount(): number {
  return locks;
}
