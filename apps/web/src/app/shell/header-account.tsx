import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClassName, EyeIcon, EyeOffIcon, RefreshIcon } from '@app/ui';
import { type MemberInfo, useTrialGuard } from '../../features/account/index.ts';
import { formatMoney, HIDDEN_BALANCE } from '../../shared/format/money.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { isGamePagePath, memberTabPath } from '../paths.ts';
import { toggleBalanceHidden, useBalanceHidden } from './balance-visibility.ts';
import { UserMenu } from './user-menu.tsx';

interface HeaderAccountProps {
  member: MemberInfo;
  isAgent: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  onLogout: () => void;
}

export function HeaderAccount({ member, isAgent, refreshing, onRefresh, onLogout }: HeaderAccountProps) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const trialGuard = useTrialGuard();
  return (
    <>
      {/* Spec §2: the balance is hidden on game pages (the game shows its own). */}
      {isGamePagePath(pathname) ? null : <Balance member={member} refreshing={refreshing} onRefresh={onRefresh} />}
      <Link to={memberTabPath('depositv2')} className={buttonClassName('accent', 'sm', 'only-wide')} onClick={trialGuard} data-testid="deposit-button">
        {t('account.deposit')}
      </Link>
      <Link to={memberTabPath('withdraw')} className={buttonClassName('outline', 'sm', 'only-wide')} onClick={trialGuard} data-testid="withdraw-button">
        {t('account.withdraw')}
      </Link>
      <UserMenu member={member} isAgent={isAgent} onLogout={onLogout} onRefresh={onRefresh} />
    </>
  );
}

function Balance({ member, refreshing, onRefresh }: { member: MemberInfo; refreshing: boolean; onRefresh: () => void }) {
  const { t, i18n } = useTranslation('layout');
  const hidden = useBalanceHidden();
  const amount = hidden ? HIDDEN_BALANCE : formatMoney(member.balance, currentLanguage(i18n));
  return (
    <div className="balance">
      <span className="balance__amount" data-testid="balance" aria-label={t('account.balance')}>
        <span className="balance__symbol">{member.currencySymbol}</span> {amount}
      </span>
      <button
        type="button"
        className="balance__button"
        aria-label={hidden ? t('account.showBalance') : t('account.hideBalance')}
        aria-pressed={hidden}
        title={hidden ? t('account.showBalance') : t('account.hideBalance')}
        onClick={toggleBalanceHidden}
        data-testid="balance-toggle"
      >
        {hidden ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
      </button>
      <button
        type="button"
        className={refreshing ? 'balance__button is-spinning' : 'balance__button'}
        aria-label={t('account.refreshBalance')}
        title={t('account.refreshBalance')}
        disabled={refreshing}
        onClick={onRefresh}
        data-testid="balance-refresh"
      >
        <RefreshIcon size={16} />
      </button>
    </div>
  );
}
