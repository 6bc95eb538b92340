/**
 * Responsible gaming in the console (issue 27, docs/exclusion.md): cool-offs, self-exclusions and
 * closures with their end (read-only, rg.read), and the barred-persons list import with its hits and
 * notices (rg.barred). Everything else in features/exclusion/ is internal to it.
 */
export { exclusionScreens } from './screens.tsx';
