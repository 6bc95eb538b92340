/**
 * Compliance console pages (issue 27, docs/compliance.md): risk alerts with acknowledgement and the
 * regulator's daily extract (compliance.read). Everything else in features/compliance/ is internal.
 */
export { complianceScreens } from './screens.tsx';
