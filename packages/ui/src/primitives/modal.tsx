import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../icons/ui-icons.tsx';
import { isTopModal, pushModal } from './modal-stack.ts';
import { lockScroll } from './scroll-lock.ts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Accessible name of the X button; the UI package holds no translations. */
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  /**
   * False for a dialog the player must answer (a forced password change): no X button and
   * Escape does nothing. The caller then offers its own way out inside the dialog.
   */
  dismissible?: boolean;
}

const FIELD_SELECTOR = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';
const FOCUSABLE_SELECTOR = `a[href], button:not([disabled]), ${FIELD_SELECTOR}, [tabindex]:not([tabindex="-1"])`;

/**
 * The one dialog primitive. By product rule a modal never closes on a click outside it (players
 * lose typed credentials that way): only the X button, Escape or the caller close it.
 */
export function Modal({ open, onClose, title, closeLabel, children, footer, size = 'md', testId, dismissible = true }: ModalProps) {
  if (!open) return null;
  return (
    <ModalContent onClose={onClose} title={title} closeLabel={closeLabel} footer={footer} size={size} testId={testId} dismissible={dismissible}>
      {children}
    </ModalContent>
  );
}

type ContentProps = Omit<ModalProps, 'open'>;

function ModalContent({ onClose, title, closeLabel, children, footer, size, testId, dismissible }: ContentProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  // Keep the latest handler without re-running the open/close effect (which would re-focus).
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  }, [onClose, dismissible]);

  useEffect(() => {
    const id = Symbol('modal');
    const unlock = lockScroll();
    const pop = pushModal(id);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) initialFocusTarget(dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTopModal(id) || !dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (dismissibleRef.current !== false) onCloseRef.current();
      } else if (event.key === 'Tab') {
        keepFocusInside(dialog, event);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      pop();
      unlock();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  return createPortal(
    <div className="ui-modal-backdrop" data-testid="modal-backdrop">
      <div
        ref={dialogRef}
        className={`ui-modal ui-modal--${size ?? 'md'}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="ui-modal__header">
          <h2 className="ui-modal__title" id={titleId}>
            {title}
          </h2>
          {dismissible === false ? null : (
            <button
              type="button"
              className="ui-button ui-button--ghost ui-button--icon ui-button--sm ui-modal__close"
              aria-label={closeLabel}
              title={closeLabel}
              data-testid="modal-close"
              onClick={() => onCloseRef.current()}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div className="ui-modal__body">{children}</div>
        {footer ? <div className="ui-modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

/** Explicit [data-autofocus] first, then the first form field, else the dialog itself. */
function initialFocusTarget(dialog: HTMLElement): HTMLElement {
  return (
    dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FIELD_SELECTOR) ?? dialog
  );
}

/** Trap-lite: Tab and Shift+Tab wrap around inside the dialog instead of escaping to the page. */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  // Controls inside a hidden tab panel cannot take focus, so they must not count as first or last.
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter((element) => !element.closest('[hidden]'));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
