import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApprovalKind } from '@app/contracts';
import { Alert } from '@app/ui';
import { formatDateTime } from '../../shared/format.ts';
import { useApprovalSummary } from './approval-summary.tsx';
import { useApprovals } from './approvals.api.ts';
import './approvals.css';

/**
 * "Awaiting approval" where a change is proposed (vendor page, limits, settlements): the pending
 * requests of a kind (and target), what each would change and who asked, with a link to the
 * Approvals screen where another operator decides.
 */
export function PendingApprovals({ kind, target, testId }: { kind: ApprovalKind; target?: string; testId?: string }) {
  const { t, i18n } = useTranslation('admin-approvals');
  const query = useApprovals({ status: 'pending', kind, target, pageSize: 20 });
  const summary = useApprovalSummary();
  const pending = query.data?.content ?? [];
  if (pending.length === 0) return null;
  return (
    <Alert tone="info" data-testid={testId ?? `pending-approvals-${kind}`}>
      <div className="ap-pending-body">
        <strong>{t('pending.title', { count: pending.length })}</strong>
        <ul className="ap-pending">
          {pending.map((request) => (
            <li key={request.id} data-testid={`pending-approval-${request.id}`}>
              {summary(request).join('; ')} — {t('pending.by', { maker: request.requestedBy.username, when: formatDateTime(request.requestedAt, i18n.language) })}
            </li>
          ))}
        </ul>
        <Link to="/approvals">{t('pending.open')}</Link>
      </div>
    </Alert>
  );
}
