/**
 * The promotions feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/promotions/ is internal to it.
 */
export { RewardCentre } from './components/reward-centre.tsx';
export { RewardBadge } from './components/reward-badge.tsx';

// Route pages stay in their own chunks: import them only through these loaders.
export const loadPromotionsPage = () => import('./routes/promotions-page.tsx');
