/**
 * The operator's HTML as the site will show it, for the preview of an unsaved item. The server
 * sanitises on save (apps/server/src/modules/content/sanitise-html.ts); this keeps the same
 * allow-list so the preview shows what will be stored, and so that nothing typed into the form
 * ever runs in the console: the text is parsed in an inert document (no scripts run, nothing
 * loads), then only allowed elements and attributes are copied out.
 */
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span']);
/** Their content goes with them (the server's disallowedTagsMode 'discard' keeps text of other tags). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'head']);
const SAFE_HREF = /^(?:https?:|mailto:|tel:)/i;

export function previewHtml(html: string): string {
  if (html.trim() === '') return '';
  const source = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  const target = document.implementation.createHTMLDocument('');
  const out = target.createElement('div');
  copyChildren(source, out, target);
  return out.innerHTML.trim();
}

function copyChildren(from: Node, to: Element, document: Document) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = child.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      copyChildren(child, to, document);
      continue;
    }
    const copy = document.createElement(tag);
    if (tag === 'a') {
      const href = (child.getAttribute('href') ?? '').trim();
      // Relative site links stay; schemes other than http(s), mailto and tel are dropped (javascript:).
      if (href && (SAFE_HREF.test(href) || (!/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//')))) {
        copy.setAttribute('href', href);
        if (/^https?:/i.test(href)) {
          copy.setAttribute('target', '_blank');
          copy.setAttribute('rel', 'noopener noreferrer');
        }
      }
    }
    if (tag === 'th' || tag === 'td') {
      for (const name of ['colspan', 'rowspan']) {
        const value = child.getAttribute(name);
        if (value && /^\d{1,3}$/.test(value)) copy.setAttribute(name, value);
      }
    }
    copyChildren(child, copy, document);
    to.appendChild(copy);
  }
}
