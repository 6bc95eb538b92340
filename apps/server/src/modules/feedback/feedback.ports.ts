import type { Db } from '../../platform/db.ts';
import type { MessagesModule } from '../messages/index.ts';

export interface OperatorActor {
  id: bigint;
  username: string;
  ip: string;
}

/** What feedback needs from other modules, wired in compose.ts. */
export interface FeedbackPorts {
  /** Replies reach the member as platform messages, in the reply's transaction. */
  messages: Pick<MessagesModule['api'], 'sendToMember'>;
  audit: (executor: Db, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }) => Promise<void>;
  accountNamesOf(ids: readonly bigint[]): Promise<Map<bigint, string>>;
  findOperator(username: string): Promise<{ id: bigint; username: string } | undefined>;
}
