/**
 * The feedback feature's public surface (.dependency-cruiser.cjs, web-feature-*): the footer's
 * feedback modal, loaded when it is opened (with its namespace).
 */
export const loadFeedbackModal = () => import('./components/feedback-modal.tsx');
