import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BootInfoSchema, ErrorResponseSchema, SystemStatusResponseSchema } from '@app/contracts';
import { clientLocation } from '../../platform/http/client-location.ts';
import type { SystemService } from './system.service.ts';

export function systemRoutes(system: SystemService, options: { countryHeader: string | undefined }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/system/boot',
      {
        schema: {
          tags: ['system'],
          summary: 'Everything the SPA needs before it mounts: status, flags, contacts, languages',
          response: { 200: BootInfoSchema, 500: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return system.getBoot(clientLocation(request, options.countryHeader));
      },
    );

    app.get(
      '/system/status',
      {
        schema: {
          tags: ['system'],
          summary: 'System status for this visitor: 0 normal, 1 maintenance, 2 region-blocked',
          response: { 200: SystemStatusResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const location = clientLocation(request, options.countryHeader);
        return { status: await system.getStatus(location), ip: location.ip };
      },
    );
  };
}
