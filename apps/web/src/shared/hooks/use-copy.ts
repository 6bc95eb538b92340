import { useEffect, useState } from 'react';

export type CopyFeedback = 'copied' | 'failed';

/** Shown for a few seconds, then cleared so a second copy is announced again. */
const FEEDBACK_MS = 4_000;

/** Selects the element's text so the user can copy it by hand: an input's value, else its contents. */
function selectForManualCopy(elementId: string) {
  const element = document.getElementById(elementId);
  if (element instanceof HTMLInputElement) {
    element.focus();
    element.select();
    return;
  }
  const selection = window.getSelection();
  if (element && selection) {
    const range = document.createRange();
    range.selectNodeContents(element);
    selection.removeAllRanges();
    selection.addRange(range);
  }
}

/**
 * A copy button's behaviour (PIX code, seeds, the referral link): the clipboard, or where there is
 * none (plain HTTP, an old browser, permission refused) the text selected in `elementId` for a
 * manual copy; the feedback shows for a few seconds, and each copy announces it again.
 */
export function useCopy(elementId: string) {
  const [feedback, setFeedback] = useState<{ kind: CopyFeedback; at: number } | null>(null);

  useEffect(() => {
    if (!feedback) return;
    const timer = window.setTimeout(() => setFeedback(null), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [feedback]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setFeedback({ kind: 'copied', at: Date.now() });
    } catch {
      selectForManualCopy(elementId);
      setFeedback({ kind: 'failed', at: Date.now() });
    }
  };
  return { feedback: feedback?.kind ?? null, copy };
}
