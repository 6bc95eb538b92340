import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { Link } from 'react-router';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '@app/ui';
import { displayNameOf, type MemberInfo, useTrialGuard } from '../../features/account/index.ts';
import { MessagesBadge } from '../../features/messages/index.ts';
import { RewardBadge } from '../../features/promotions/index.ts';
import { VipMenuBadge } from '../../features/vip/index.ts';
import { memberTabPath, type MemberTab } from '../paths.ts';
import { toggleBalanceHidden, useBalanceHidden } from './balance-visibility.ts';

/** Spec §2 header dropdown, in the spec's order. */
const ACCOUNT_LINKS: readonly { tab: MemberTab; labelKey: ParseKeys<'layout'> }[] = [
  { tab: 'personalHistoryCopy', labelKey: 'userMenu.bettingRecord' },
  { tab: 'transactionHistory', labelKey: 'userMenu.accountRecord' },
  { tab: 'personalProfit', labelKey: 'userMenu.personalProfit' },
  { tab: 'rewardCenter', labelKey: 'userMenu.rewardCenter' },
  { tab: 'messageV2', labelKey: 'userMenu.messages' },
  { tab: 'securityCenter', labelKey: 'userMenu.securityCenter' },
];

interface UserMenuProps {
  member: MemberInfo;
  isAgent: boolean;
  onLogout: () => void;
  onRefresh: () => void;
}

export function UserMenu({ member, isAgent, onLogout, onRefresh }: UserMenuProps) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const name = displayNameOf(member);
  const balanceHidden = useBalanceHidden();
  const guard = useTrialGuard();
  // A trial account gets the register-first dialog instead; the menu gets out of its way.
  const trialGuard = (event: MouseEvent) => {
    guard(event);
    if (event.defaultPrevented) setOpen(false);
  };

  const closeOnItem = (event: MouseEvent) => {
    if ((event.target as Element).closest('a, button')) setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('userMenu.label')}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
      >
        <span className="round-mark round-mark--brand">
          <UserIcon size={18} />
        </span>
        <span className="user-menu__name">{name}</span>
        {/* Unread platform messages show on the closed menu too (spec §2 badge; never asked for a trial account). */}
        <MessagesBadge testId="header-messages-badge" />
        <ChevronDownIcon size={16} />
      </button>
      {open ? (
        // Any item closes the menu when chosen. Closing on a location change instead would also close a
        // menu opened while a navigation was still rendering (right after login or registration).
        <div className="user-menu__panel" role="menu" aria-label={t('userMenu.label')} onClick={closeOnItem}>
          <div className="user-menu__who">
            <strong>{name}</strong>
            {name !== member.account ? <span>{member.account}</span> : null}
            <VipMenuBadge />
          </div>
          {/* Deposit and withdraw live in the header on wide screens, here on phones. */}
          <Link role="menuitem" className="user-menu__item only-compact" to={memberTabPath('depositv2')} onClick={trialGuard} data-testid="menu-deposit">
            {t('account.deposit')}
          </Link>
          <Link role="menuitem" className="user-menu__item only-compact" to={memberTabPath('withdraw')} onClick={trialGuard}>
            {t('account.withdraw')}
          </Link>
          {/* The header's hide and refresh buttons do not fit a phone's header row. */}
          <button type="button" role="menuitem" className="user-menu__item only-compact" onClick={toggleBalanceHidden}>
            {balanceHidden ? t('account.showBalance') : t('account.hideBalance')}
          </button>
          <button type="button" role="menuitem" className="user-menu__item only-compact" onClick={onRefresh}>
            {t('account.refreshBalance')}
          </button>
          {ACCOUNT_LINKS.map((link) => (
            <Link key={link.tab} role="menuitem" className="user-menu__item" to={memberTabPath(link.tab)} onClick={trialGuard}>
              {t(link.labelKey)}
              {link.tab === 'rewardCenter' ? <RewardBadge /> : null}
              {link.tab === 'messageV2' ? <MessagesBadge testId="menu-messages-badge" /> : null}
            </Link>
          ))}
          {isAgent ? (
            <Link role="menuitem" className="user-menu__item" to="/agentHome" data-testid="agent-centre-link">
              {t('userMenu.agentCentre')}
            </Link>
          ) : null}
          <button
            type="button"
            role="menuitem"
            className="user-menu__item user-menu__item--danger"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
            data-testid="logout-button"
          >
            <LogoutIcon size={16} />
            {t('userMenu.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
