import sanitizeHtml from 'sanitize-html';

/**
 * Shared by content and promotions. What an operator's HTML may keep: text structure, emphasis, lists, simple tables, headings and
 * links. No scripts, styles, frames, forms, event handlers or images (images go in the item's own
 * image field, where their size is known). Run on save, so the site renders stored HTML as is.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link leaving the site opens in a new tab and cannot reach back into it (reverse tabnabbing).
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const attributes: Record<string, string> = /^https?:/i.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
      return { tagName, attribs: attributes };
    },
  },
};

export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
