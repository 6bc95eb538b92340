/**
 * The reports feature's public surface: what other features and app/ may use (.dependency-cruiser.cjs,
 * admin-feature-*). Everything else in features/reports/ is internal to it.
 */
export { longDay } from './days.ts';
export { type ReportColumn, ReportTable } from './report-table.tsx';
export { reportsScreens } from './screens.tsx';
