import type { AdminScreen } from '../shared/screen.ts';
import { agentsScreens } from '../features/agents/screens.tsx';
import { auditScreens } from '../features/audit/screens.tsx';
import { dashboardScreens } from '../features/dashboard/screens.tsx';
import { catalogueScreens } from '../features/catalogue/screens.tsx';
import { contentScreens } from '../features/content/screens.tsx';
import { membersScreens } from '../features/members/screens.tsx';
import { operatorsScreens } from '../features/operators/screens.tsx';
import { paymentsScreens } from '../features/payments/screens.tsx';
import { settingsScreens } from '../features/settings/screens.tsx';
import { reportsScreens } from '../features/reports/screens.tsx';

/** Every page of the console: one line per area (each area's screens.tsx says what it adds). */
export const SCREENS: readonly AdminScreen[] = [
  ...membersScreens,
  ...dashboardScreens,
  ...paymentsScreens,
  ...catalogueScreens,
  ...contentScreens,
  ...settingsScreens,
  ...agentsScreens,
  ...auditScreens,
  ...operatorsScreens,
  ...reportsScreens,
];
