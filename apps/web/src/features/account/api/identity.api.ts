import { MemberIdentitySchema, type MemberIdentity, type UpdateBirthdayRequest, type UpdateIdentityRequest } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

export type { MemberIdentity, UpdateIdentityRequest };

export function fetchIdentity(signal?: AbortSignal): Promise<MemberIdentity> {
  return apiRequest('/api/member/identity', { schema: MemberIdentitySchema, signal });
}

/** Answers the identity as saved (CPF masked); name and CPF are locked from then on. */
export function updateIdentityRequest(body: UpdateIdentityRequest): Promise<MemberIdentity> {
  return apiRequest('/api/member/identity', { method: 'PUT', body, schema: MemberIdentitySchema });
}

/** A birthday for a member whose name and CPF are locked without one; locked too from then on. */
export function updateBirthdayRequest(body: UpdateBirthdayRequest): Promise<MemberIdentity> {
  return apiRequest('/api/member/identity/birthday', { method: 'PUT', body, schema: MemberIdentitySchema });
}
