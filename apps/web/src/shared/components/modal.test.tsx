import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, scrollLockCount } from '@app/ui';

function renderModal(onClose = vi.fn()) {
  render(
    <Modal open onClose={onClose} title="Title" closeLabel="Close" testId="modal-test">
      <input aria-label="first field" />
    </Modal>,
  );
  return onClose;
}

describe('Modal', () => {
  it('is an accessible modal dialog that focuses its first field', () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('first field'));
  });

  it('does not close on a backdrop click, and closes with the X', () => {
    const onClose = renderModal();
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('modal-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape', () => {
    const onClose = renderModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks page scroll while open and restores it after', () => {
    document.body.style.overflow = 'scroll';
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(false)}>close it</button>
          <Modal open={open} onClose={() => setOpen(false)} title="T" closeLabel="Close">
            <p>body</p>
          </Modal>
        </>
      );
    }
    render(<Harness />);
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByTestId('modal-close'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('scroll');
    expect(scrollLockCount()).toBe(0);
  });

  it('keeps the page locked until the last of two stacked modals closes; Escape closes only the top one', () => {
    function Harness() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(true);
      return (
        <>
          <Modal open={outer} onClose={() => setOuter(false)} title="Outer" closeLabel="Close outer" testId="outer">
            <p>outer</p>
          </Modal>
          <Modal open={inner} onClose={() => setInner(false)} title="Inner" closeLabel="Close inner" testId="inner">
            <p>inner</p>
          </Modal>
        </>
      );
    }
    render(<Harness />);
    expect(scrollLockCount()).toBe(2);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('inner')).toBeNull();
    expect(screen.getByTestId('outer')).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('outer')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});
