/** Identity verification (issue 27, docs/kyc.md): the console's review of members' documents. */
export { kycScreens } from './screens.tsx';
