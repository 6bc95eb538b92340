import { useState } from 'react';
import { Button } from '@app/ui';

/**
 * Copies a secret shown once (a temporary password, a reset link) and says so on the button;
 * a browser that refuses the clipboard leaves the text on screen to copy by hand.
 */
export function CopyButton({ text, copyLabel, copiedLabel, testId }: { text: string; copyLabel: string; copiedLabel: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => undefined)} data-testid={testId}>
      {copied ? copiedLabel : copyLabel}
    </Button>
  );
}
