import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@app/kernel';
import { TRIAL_ACCOUNT_TYPE } from '@app/contracts';
import { authenticationHook } from '../../platform/http/auth-first.ts';
import type { HttpApp } from '../../platform/http/http-app.ts';
import type { AuthenticatedMember, SessionService } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireMember; null on routes that do not require a session. */
    member: AuthenticatedMember | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * What a member who must change the password may still do (spec §4 forced change): read the
 * member info, change the password, pick a language and log out. Everything else waits.
 */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['GET /api/member/info', 'PUT /api/member/password', 'PUT /api/member/language', 'DELETE /api/session']);

/** The single place where a bearer token becomes a member (house style: auth as a hook). */
export function createMemberAuth(sessions: SessionService) {
  const requireMember = authenticationHook(async function requireMember(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    const member = token ? await sessions.authenticate(token) : undefined;
    // One answer for missing, wrong, revoked and expired tokens: no oracle for token guessing.
    if (!member) throw new AppError('auth.required', 'you are not logged in, please log in');
    if (member.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url ?? ''}`)) {
      throw new AppError('auth.password_change_required', 'change your password before going on');
    }
    request.member = member;
    request.log = request.log.child({ memberId: String(member.id) });
  });

  /** Like requireMember, and refuses trial accounts (spec §6: 'Registre uma conta primeiro'). */
  const requireRealMember = authenticationHook(async function requireRealMember(request: FastifyRequest, reply: FastifyReply) {
    await requireMember(request, reply);
    if (request.member?.type === TRIAL_ACCOUNT_TYPE) throw new AppError('auth.trial_refused', 'register an account first');
  });

  return {
    install(app: HttpApp) {
      app.decorateRequest('member', null);
    },
    requireMember,
    requireRealMember,
  };
}

export type MemberAuth = ReturnType<typeof createMemberAuth>;

/** For handlers behind requireMember. */
export function currentMember(request: FastifyRequest): AuthenticatedMember {
  if (!request.member) throw new AppError('auth.required', 'you are not logged in, please log in');
  return request.member;
}
