import type { ApprovalKindHandler } from '../../platform/approval-kinds.ts';

export type { ApprovalActor, ApprovalContext, ApprovalKindHandler, ApprovalOutcome, ApprovalsAccess } from '../../platform/approval-kinds.ts';

export interface ApprovalRegistry {
  register(...handlers: ApprovalKindHandler[]): void;
  get(kind: string): ApprovalKindHandler | undefined;
}

export function createApprovalRegistry(): ApprovalRegistry {
  const kinds = new Map<string, ApprovalKindHandler>();
  return {
    register(...handlers) {
      // Registered again when a second HTTP app is composed on the same core (tests): the last wins.
      for (const handler of handlers) kinds.set(handler.kind, handler);
    },
    get: (kind) => kinds.get(kind),
  };
}
