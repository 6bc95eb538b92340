import './rich-text.css';

interface RichTextProps {
  html: string;
  className?: string;
  testId?: string;
}

/**
 * Operator-written HTML (announcements, popups, promotions, help articles).
 *
 * Safe to inject: the server sanitises every html field when an operator saves it (an allow-list
 * of text, list, table and link tags; no scripts, styles, frames, forms, event handlers or
 * javascript: links; external links get rel="noopener noreferrer") and stores only the result.
 * Only operators write it; the SPA never puts player input here.
 */
export function RichText({ html, className, testId }: RichTextProps) {
  return <div className={className ? `rich-text ${className}` : 'rich-text'} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
