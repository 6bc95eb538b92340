/**
 * Transparency (issue 27, docs/compliance.md): the /my-data page — the member's full financial
 * history as CSV and the LGPD export of everything held about them as JSON. Linked from the
 * security centre and the account record.
 */
export const loadMyDataPage = () => import('./components/my-data-page.tsx');
