/**
 * The approvals feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/approvals/ is internal to it.
 */
export { approvalsScreens } from './screens.tsx';
export { PendingApprovals } from './pending-approvals.tsx';
export { useProposal } from './approvals.api.ts';
export { ProposalDialog } from './proposal-dialog.tsx';
