import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { installSystemGate } from './system.gate.ts';
import { systemJobs } from './system.jobs.ts';
import { systemAdminRoutes, type SettingsAdminDeps } from './system.admin-routes.ts';
import { systemRoutes } from './system.routes.ts';
import { createSystemService } from './system.service.ts';

export { SETTINGS_CHANGED_EVENT, type SystemService } from './system.service.ts';
export type { Settings, SettingKey } from './system.settings.ts';
export { DEFAULT_SETTINGS, SETTING_KEYS } from './system.settings.ts';

/** System module: settings, status (maintenance, region rules), boot info, worker heartbeat. */
export function createSystemModule(deps: { db: Db; bus: EventBus; logger: Logger; countryHeader: string | undefined }) {
  const logger = deps.logger.child({ module: 'system' });
  const api = createSystemService({ db: deps.db, bus: deps.bus, logger });
  const httpOptions = { countryHeader: deps.countryHeader };
  return {
    api,
    routes: systemRoutes(api, httpOptions),
    /** Register under prefix /api; operator access and audit come from the back-office module. */
    adminRoutes: (operators: Omit<SettingsAdminDeps, 'system'>) => systemAdminRoutes({ system: api, ...operators }),
    installGate: (app: Parameters<typeof installSystemGate>[0]) => installSystemGate(app, api, httpOptions),
    jobs: (worker: { workerId: string; startedAt: Date }) => systemJobs(api, worker),
  };
}

export type SystemModule = ReturnType<typeof createSystemModule>;
