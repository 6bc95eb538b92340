import type { AppDownload } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { contentAdminRoutes } from './content.admin-routes.ts';
import { contentRoutes } from './content.routes.ts';
import { createContentService, type ContentAudit } from './content.service.ts';
import { demoArtRoutes } from './demo/demo-art.routes.ts';
import { seedDemoContent } from './demo/demo-content.ts';

export { CONTENT_CHANGED_EVENT, type ContentService } from './content.service.ts';

/**
 * Content module: banners, notices, promotion teasers, popups, announcements and help articles
 * that operators manage; the public reads (with entity tags), the back-office API, the app
 * download QR codes and the demo content.
 */
export function createContentModule(deps: { db: Db; bus: EventBus; logger: Logger; audit: ContentAudit; appDownload: () => Promise<AppDownload> }) {
  const content = createContentService({ db: deps.db, bus: deps.bus, logger: deps.logger.child({ module: 'content' }), audit: deps.audit });
  return {
    api: {
      site: content.site,
      help: content.help,
      /** The agent centre's announcements (kind agent_notice). */
      agentNotices: content.agentNotices,
      seedDemo: () => seedDemoContent(content),
    },
    /** Register under prefix /api. */
    routes: contentRoutes({ content, appDownload: deps.appDownload }),
    /** Register under prefix /api; `requireOperator` comes from the back-office module. */
    adminRoutes: (requireOperator: Parameters<typeof contentAdminRoutes>[0]['requireOperator']) => contentAdminRoutes({ content, requireOperator }),
    /** Register at the root: /media/content/… */
    mediaRoutes: demoArtRoutes,
  };
}

export type ContentModule = ReturnType<typeof createContentModule>;
