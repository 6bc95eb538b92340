import type { MemberInfo } from '@app/contracts';

export type { LoginResponse, MemberInfo } from '@app/contracts';
export { LoginResponseSchema, MemberInfoSchema } from '@app/contracts';

export interface LoginCredentials {
  username: string;
  password: string;
}

/** What one login attempt sends besides the credentials (spec §4/§5). */
export interface LoginInput extends LoginCredentials {
  /** 'sms': username is the mobile number and password the code sent to it. */
  type?: 'username' | 'sms';
  captcha?: { id: string; answer: string };
  /** The code sent by SMS when the server asked to verify a new device. */
  verificationCode?: string;
}

/** Where a login happens: the server refuses non-agents on the agent portal (auth.agent_only). */
export type LoginPortal = 'member' | 'agent';

/** Nickname when the member set one, else the account name (spec §2 agent header). */
export function displayNameOf(member: Pick<MemberInfo, 'nickname' | 'account'>): string {
  return member.nickname.trim() || member.account;
}
