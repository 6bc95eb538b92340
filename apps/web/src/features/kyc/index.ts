/**
 * Identity verification (issue 27, docs/kyc.md): the /kyc page, linked from the security centre
 * and from a withdrawal refused for want of it.
 */
export const loadKycPage = () => import('./components/kyc-page.tsx');
