import { AppError } from '@app/kernel';
import { SYSTEM_STATUS } from '@app/contracts';
import { clientLocation } from '../../platform/http/client-location.ts';
import type { SystemService } from './system.service.ts';
import type { HttpApp } from '../../platform/http/http-app.ts';

/**
 * Paths that keep working during maintenance or for a blocked region: the status calls the
 * SPA needs to show why, the API reference, operators (they end maintenance), and vendors and
 * payment providers settling money already in flight.
 */
/**
 * Operators run the site through maintenance and from anywhere (they have their own sessions);
 * payment providers must reach their webhooks whatever the site's state, or money goes unrecorded.
 */
const UNGATED_PREFIXES = ['/api/system/', '/api/docs', '/api/admin/', '/api/backoffice/', '/api/payments/webhooks/'];

/** Refuses player and agent API calls while the site is in maintenance or the visitor's region is blocked. */
export function installSystemGate(app: HttpApp, system: SystemService, options: { countryHeader: string | undefined }) {
  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith('/api/') || UNGATED_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return;
    const status = await system.getStatus(clientLocation(request, options.countryHeader));
    if (status === SYSTEM_STATUS.MAINTENANCE) throw new AppError('system.maintenance', 'the site is under maintenance');
    if (status === SYSTEM_STATUS.REGION_BLOCKED) throw new AppError('system.region_blocked', 'access restricted in your region');
  });
}
