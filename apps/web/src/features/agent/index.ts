/**
 * The agent feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/agent/ is internal to it.
 */

// Route pages stay in their own chunks: import them only through these loaders.
export const loadAgentHomePage = () => import('./routes/agent-home-page.tsx');
export const loadAgentLoginPage = () => import('./routes/agent-login-page.tsx');
export const loadContractModal = () => import('./contracts/components/contract-modal.tsx');
