/**
 * The games feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * web-feature-*). Everything else in features/games/ is internal to it.
 */
export { favoritesQueryOptions, homeRowsQueryOptions, useGameLanguage, useGameMenu } from './api/games.queries.ts';
export { GameCard } from './components/game-card.tsx';
export { CrownIcon, FlameIcon, GameTypeIcon } from './components/game-icons.tsx';
export { GameImage } from './components/game-image.tsx';
export { GameToasts } from './components/game-toasts.tsx';
export { LoadError } from './components/list-states.tsx';
export { VendorTile } from './components/vendor-tile.tsx';
export { crashMeQueryOptions } from './crash/crash.queries.ts';
export { BGS_VENDOR, gameTypePath, vendorListPath } from './game-types.ts';
export { useGameActions } from './hooks/use-game-actions.ts';
export { useOpenVendor } from './hooks/use-open-vendor.ts';
export { useStartGame } from './hooks/use-start-game.ts';
export { MinesGrid } from './mini/mines-grid.tsx';
export { rowColumns, shouldSplitRow } from './row-split.ts';

// Route pages stay in their own chunks: import them only through these loaders.
export const loadGamePages = () => import('./routes/game-pages.tsx');
