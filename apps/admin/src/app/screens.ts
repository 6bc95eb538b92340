import type { AdminScreen } from '../shared/screen.ts';
import { agentsScreens } from '../features/agents/index.ts';
import { approvalsScreens } from '../features/approvals/index.ts';
import { auditScreens } from '../features/audit/index.ts';
import { dashboardScreens } from '../features/dashboard/index.ts';
import { catalogueScreens } from '../features/catalogue/index.ts';
import { contentScreens } from '../features/content/index.ts';
import { liveTablesScreens } from '../features/live-tables/index.ts';
import { feedbackScreens } from '../features/feedback/index.ts';
import { lotteryScreens } from '../features/lottery/index.ts';
import { messagesScreens } from '../features/messages/index.ts';
import { membersScreens } from '../features/members/index.ts';
import { missionsScreens } from '../features/missions/index.ts';
import { operatorsScreens } from '../features/operators/index.ts';
import { paymentsScreens } from '../features/payments/index.ts';
import { pointsScreens } from '../features/points/index.ts';
import { promotionsScreens } from '../features/promotions/index.ts';
import { settingsScreens } from '../features/settings/index.ts';
import { sportsbookScreens } from '../features/sportsbook/index.ts';
import { reportsScreens } from '../features/reports/index.ts';
import { referralScreens } from '../features/referral/index.ts';
import { kycScreens } from '../features/kyc/index.ts';
import { limitsScreens } from '../features/limits/index.ts';
import { exclusionScreens } from '../features/exclusion/index.ts';
import { complianceScreens } from '../features/compliance/index.ts';
import { supportChatScreens } from '../features/support-chat/index.ts';
import { vipScreens } from '../features/vip/index.ts';

/** Every page of the console: one line per area (each area's screens.tsx says what it adds). */
export const SCREENS: readonly AdminScreen[] = [
  ...membersScreens,
  ...dashboardScreens,
  ...paymentsScreens,
  ...catalogueScreens,
  ...sportsbookScreens,
  ...lotteryScreens,
  ...liveTablesScreens,
  ...contentScreens,
  ...messagesScreens,
  ...feedbackScreens,
  ...supportChatScreens,
  ...promotionsScreens,
  ...pointsScreens,
  ...vipScreens,
  ...referralScreens,
  ...kycScreens,
  ...limitsScreens,
  ...exclusionScreens,
  ...complianceScreens,
  ...missionsScreens,
  ...settingsScreens,
  ...agentsScreens,
  ...auditScreens,
  ...operatorsScreens,
  ...approvalsScreens,
  ...reportsScreens,
];
