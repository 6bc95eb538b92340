import type { FastifyRequest } from 'fastify';

export interface ClientLocation {
  ip: string;
  country: string | null;
}

/**
 * The visitor's address (request.ip honours TRUST_PROXY_HOPS) and, when an edge proxy is
 * configured to send it, their country. The header is trusted only when named in config,
 * since any client can send any header.
 */
export function clientLocation(request: FastifyRequest, countryHeader: string | undefined): ClientLocation {
  const raw = countryHeader ? request.headers[countryHeader] : undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const country = value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null;
  return { ip: request.ip, country };
}
