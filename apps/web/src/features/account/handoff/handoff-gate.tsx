import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ConfirmDialog, Modal, Spinner } from '@app/ui';
import { setToken } from '../../../shared/session-token.ts';
import { defaultHandoffDeps, hasPendingHandoff, resolveHandoff, takePendingHandoff, type HandoffDecision, type HandoffDeps } from './handoff.ts';

/**
 * Deals once with a hand-off code main.tsx took out of the address: logs in when this tab has no
 * session, drops it for the same member, and asks before switching from another account. The app
 * (children) waits until the code is redeemed, so a page that needs a session (a link to the
 * member centre) opens logged in instead of sending the visitor to the login page meanwhile.
 */
export function HandoffGate({ deps = defaultHandoffDeps(setToken), children }: { deps?: HandoffDeps; children?: ReactNode }) {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const [decision, setDecision] = useState<HandoffDecision | null>(null);
  const [isResolving, setResolving] = useState(hasPendingHandoff);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const code = takePendingHandoff();
    if (code === null) return;
    // No cancellation on clean-up: StrictMode's rehearsal unmount must not lose the only chance
    // to redeem the code (taken from memory on the first run, so later runs find none).
    void resolveHandoff(code, deps).then((result) => {
      setDecision(result);
      setResolving(false);
    });
  }, [deps]);

  if (isResolving) return <Spinner label={t('common:loading')} layout="fullpage" />;
  const close = () => setDecision(null);
  let dialog: ReactNode = null;
  if (decision?.kind === 'confirm') {
    dialog = (
      <ConfirmDialog
        open
        testId="handoff-confirm"
        title={t('account:handoff.title', { account: decision.account })}
        message={decision.currentAccount ? t('account:handoff.message', { account: decision.account, current: decision.currentAccount }) : t('account:handoff.messageUnknown', { account: decision.account })}
        // Short answers: the title and message name both accounts, and a phone fits both buttons.
        confirmLabel={t('account:handoff.switch')}
        cancelLabel={t('account:handoff.keep')}
        closeLabel={t('common:actions.close')}
        busy={busy}
        onConfirm={() => {
          setToken(decision.token);
          close();
        }}
        onCancel={() => {
          setBusy(true);
          // The session opened for the code is closed again, so declining leaves nothing behind.
          void deps
            .revoke(decision.token)
            .catch(() => undefined)
            .finally(() => {
              setBusy(false);
              close();
            });
        }}
      />
    );
  } else if (decision?.kind === 'failed') {
    dialog = (
      <Modal
        open
        onClose={close}
        title={t('account:handoff.failedTitle')}
        closeLabel={t('common:actions.close')}
        size="sm"
        testId="handoff-failed"
        footer={
          <Button variant="primary" onClick={close} data-testid="handoff-failed-ok">
            {t('common:actions.ok')}
          </Button>
        }
      >
        <p>{t(`errors:${decision.errorCode}`, { defaultValue: t('errors:unknown') })}</p>
      </Modal>
    );
  }
  return (
    <>
      {children}
      {dialog}
    </>
  );
}
