import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorVendor, WalletMode } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { ApiError } from '../../shared/api.ts';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { FieldErrors } from './field-errors.tsx';
import { useIpAllowList, useVendorPatch, useVendors } from './catalogue.api.ts';
import { SortInput } from './sort-input.tsx';
import { Switch } from './switch.tsx';
import './catalogue.css';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { PendingApprovals, ProposalDialog } from '../approvals/index.ts';

/**
 * Vendors: switches (enabled, maintenance), order and name, saved at once and audited; the
 * provider API's IP allow-list; the wallet mode and a new provider secret are proposed with a
 * reason and apply when another operator approves them (Approvals, which shows the secret once).
 */
export default function VendorsPage() {
  const { t, i18n } = useTranslation(['admin-catalogue', 'admin']);
  const session = useSession();
  const mayManage = session.can('catalogue.manage');
  const mayIntegrate = session.can('catalogue.integration');
  const query = useVendors();
  const patch = useVendorPatch();
  const [modeChange, setModeChange] = useState<{ vendor: OperatorVendor; mode: WalletMode } | null>(null);
  const [renaming, setRenaming] = useState<OperatorVendor | null>(null);
  const [rotating, setRotating] = useState<OperatorVendor | null>(null);
  const [allowList, setAllowList] = useState<OperatorVendor | null>(null);
  const pendingCode = patch.isPending ? patch.variables?.code : undefined;

  const columns: Column<OperatorVendor>[] = [
    {
      key: 'vendor',
      header: t('vendors.columns.vendor'),
      cell: (vendor) => (
        <span className="cat-vendor">
          <span className="cat-vendor__name">{vendor.displayName}</span>
          <span className="cat-vendor__code">
            {vendor.code}
            {vendor.isDemo ? <> · <Badge tone="neutral">{t('vendors.demo')}</Badge></> : null}
          </span>
          <span className="cat-vendor__types">{vendor.gameTypes.join(' · ') || '—'}</span>
          {mayManage ? (
            <button type="button" className="bo-link cat-small" onClick={() => setRenaming(vendor)} data-testid={`vendor-rename-${vendor.code}`}>
              {t('vendors.rename')}
            </button>
          ) : null}
        </span>
      ),
    },
    {
      key: 'games',
      header: t('vendors.columns.games'),
      numeric: true,
      cell: (vendor) => (
        <span>
          {t('vendors.gameCounts', { enabled: vendor.games.enabled, total: vendor.games.total })}
          {vendor.games.maintenance > 0 ? (
            <>
              <br />
              <Badge tone="warn">{t('vendors.gamesInMaintenance', { count: vendor.games.maintenance })}</Badge>
            </>
          ) : null}
        </span>
      ),
    },
    {
      key: 'enabled',
      header: t('vendors.columns.enabled'),
      cell: (vendor) => (
        <Switch
          label={t('vendors.columns.enabled')}
          hideLabel
          checked={vendor.enabled}
          disabled={!mayManage || pendingCode === vendor.code}
          onChange={(event) => patch.mutate({ code: vendor.code, patch: { enabled: event.target.checked } })}
          data-testid={`vendor-enabled-${vendor.code}`}
        />
      ),
    },
    {
      key: 'maintenance',
      header: t('vendors.columns.maintenance'),
      cell: (vendor) => (
        <Switch
          label={t('vendors.columns.maintenance')}
          hideLabel
          tone="warn"
          checked={vendor.maintenance}
          disabled={!mayManage || pendingCode === vendor.code}
          onChange={(event) => patch.mutate({ code: vendor.code, patch: { maintenance: event.target.checked } })}
          data-testid={`vendor-maintenance-${vendor.code}`}
        />
      ),
    },
    {
      key: 'walletMode',
      header: t('vendors.columns.walletMode'),
      cell: (vendor) => (
        <span>
          {mayIntegrate ? (
            <SelectField
              label={t('vendors.columns.walletMode')}
              className="cat-mode"
              value={vendor.walletMode}
              disabled={pendingCode === vendor.code}
              onValueChange={(mode) => mode !== vendor.walletMode && setModeChange({ vendor, mode })}
              options={(['seamless', 'transfer'] as const).map((mode) => ({ value: mode, label: t(`vendors.walletModes.${mode}`) }))}
              data-testid={`vendor-wallet-mode-${vendor.code}`}
            />
          ) : (
            t(`vendors.walletModes.${vendor.walletMode}`)
          )}
          {vendor.fundsHeld.members > 0 ? (
            <Badge tone="warn" testId={`vendor-funds-${vendor.code}`}>
              {t('vendors.fundsHeld', { amount: formatMoney(vendor.fundsHeld.total, i18n.language), count: vendor.fundsHeld.members })}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'sort',
      header: t('vendors.columns.sort'),
      cell: (vendor) =>
        mayManage ? (
          <SortInput
            value={vendor.sortOrder}
            label={t('vendors.columns.sort')}
            disabled={pendingCode === vendor.code}
            onCommit={(sortOrder) => patch.mutate({ code: vendor.code, patch: { sortOrder } })}
            testId={`vendor-sort-${vendor.code}`}
          />
        ) : (
          vendor.sortOrder
        ),
    },
    {
      key: 'provider',
      header: t('vendors.columns.provider'),
      cell: (vendor) =>
        vendor.provider.managedByServer ? (
          <span className="bo-muted cat-small">{t('vendors.managedByServer')}</span>
        ) : (
          <span className="cat-provider">
            {vendor.provider.hasSecret ? (
              <>
                <Badge tone="ok">{t('vendors.secretSet')}</Badge>
                {vendor.provider.rotatedAt ? <span className="bo-muted cat-small">{t('vendors.rotatedAt', { date: formatDateTime(vendor.provider.rotatedAt, i18n.language).replace(/ /g, '\u00a0') })}</span> : null}
              </>
            ) : (
              <Badge tone="neutral">{t('vendors.secretMissing')}</Badge>
            )}
            <span className="bo-muted cat-small" data-testid={`vendor-allow-list-${vendor.code}`}>
              {vendor.provider.ipAllowList.length === 0 ? t('vendors.anyAddress') : t('vendors.networks', { count: vendor.provider.ipAllowList.length })}
            </span>
            {mayIntegrate ? (
              <span className="cat-provider__actions">
                <Button size="sm" variant="outline" onClick={() => setRotating(vendor)} data-testid={`vendor-rotate-${vendor.code}`}>
                  {vendor.provider.hasSecret ? t('vendors.rotate') : t('vendors.generate')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setAllowList(vendor)} disabled={!vendor.provider.hasSecret} data-testid={`vendor-ip-${vendor.code}`}>
                  {t('vendors.allowList')}
                </Button>
              </span>
            ) : null}
          </span>
        ),
    },
  ];

  return (
    <Page title={t('vendors.title')} testId="catalogue-vendors-page">
      {!mayManage ? <p className="bo-muted">{t('readOnly')}</p> : null}
      <PendingApprovals kind="catalogue.vendor_wallet_mode" />
      <PendingApprovals kind="catalogue.vendor_secret" />
      <ErrorLine error={patch.error} testId="vendors-error" />
      <QueryState query={query}>
        {() => <DataTable columns={columns} rows={query.data?.content ?? []} rowKey={(vendor) => vendor.code} testId="vendors" empty={t('vendors.empty')} />}
      </QueryState>
      {modeChange ? (
        <ProposalDialog
          title={t('vendors.modeTitle')}
          url={`/api/backoffice/catalogue/vendors/${encodeURIComponent(modeChange.vendor.code)}/wallet-mode`}
          body={{ walletMode: modeChange.mode }}
          testId="vendor-mode-dialog"
          onClose={() => setModeChange(null)}
        >
          <p>{t('vendors.modeMessage', { vendor: modeChange.vendor.displayName, mode: t(`vendors.walletModes.${modeChange.mode}`) })}</p>
        </ProposalDialog>
      ) : null}
      {renaming ? <RenameDialog vendor={renaming} onClose={() => setRenaming(null)} /> : null}
      {rotating ? <RotateDialog vendor={rotating} onClose={() => setRotating(null)} /> : null}
      {allowList ? <AllowListDialog vendor={allowList} onClose={() => setAllowList(null)} /> : null}
    </Page>
  );
}

function RenameDialog({ vendor, onClose }: { vendor: OperatorVendor; onClose: () => void }) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  const patch = useVendorPatch();
  const [name, setName] = useState(vendor.displayName);
  const save = () => patch.mutate({ code: vendor.code, patch: { displayName: name } }, { onSuccess: onClose });
  return (
    <ActionDialog
      title={t('vendors.renameTitle', { code: vendor.code })}
      testId="vendor-rename-dialog"
      onClose={onClose}
      action={
        <Button onClick={save} disabled={patch.isPending || name.trim() === ''} data-testid="vendor-rename-save">
          {t('admin:common.save')}
        </Button>
      }
    >
      <TextField label={t('vendors.displayName')} value={name} onChange={(event) => setName(event.target.value)} maxLength={80} autoFocus data-testid="vendor-rename-input" />
      <FieldErrors error={patch.error} />
    </ActionDialog>
  );
}

/** Propose a new secret: the operator who approves it sees it once (Approvals). */
function RotateDialog({ vendor, onClose }: { vendor: OperatorVendor; onClose: () => void }) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  return (
    <ProposalDialog
      title={vendor.provider.hasSecret ? t('vendors.rotateTitle', { vendor: vendor.displayName }) : t('vendors.generateTitle', { vendor: vendor.displayName })}
      url={`/api/backoffice/catalogue/vendors/${encodeURIComponent(vendor.code)}/secret`}
      body={{}}
      testId="vendor-rotate-dialog"
      onClose={onClose}
    >
      <p>{vendor.provider.hasSecret ? t('vendors.rotateMessage') : t('vendors.generateMessage')}</p>
    </ProposalDialog>
  );
}

/** One network per line (or separated by commas or spaces); empty allows any address. */
function AllowListDialog({ vendor, onClose }: { vendor: OperatorVendor; onClose: () => void }) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  const save = useIpAllowList();
  const [text, setText] = useState(vendor.provider.ipAllowList.join('\n'));
  const networks = text.split(/[\s,;]+/).map((entry) => entry.trim()).filter(Boolean);
  const badIndex = save.error instanceof ApiError ? badNetworkIndex(save.error.details) : undefined;
  return (
    <ActionDialog
      title={t('vendors.allowListTitle', { vendor: vendor.displayName })}
      testId="vendor-ip-dialog"
      onClose={onClose}
      action={
        <Button onClick={() => save.mutate({ code: vendor.code, networks }, { onSuccess: onClose })} disabled={save.isPending || networks.length > 50} data-testid="vendor-ip-save">
          {t('admin:common.save')}
        </Button>
      }
    >
      <p className="bo-muted">{t('vendors.allowListHelp')}</p>
      <label className="bo-label" htmlFor="vendor-ip-input">
        {t('vendors.allowListLabel')}
      </label>
      <textarea
        id="vendor-ip-input"
        className="cat-textarea"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={'203.0.113.10\n10.0.0.0/8\n2001:db8::/32'}
        spellCheck={false}
        data-testid="vendor-ip-input"
      />
      <p className="bo-muted cat-small">{networks.length === 0 ? t('vendors.anyAddress') : t('vendors.networks', { count: networks.length })}</p>
      {badIndex !== undefined && networks[badIndex] !== undefined ? (
        <p className="bo-error" role="alert">
          {t('vendors.badNetwork', { network: networks[badIndex] })}
        </p>
      ) : null}
      <FieldErrors error={save.error} />
    </ActionDialog>
  );
}

/** Which line the server refused: `index` (our check) or the validation path `body.networks.<i>`. */
function badNetworkIndex(details: Record<string, unknown> | undefined): number | undefined {
  if (typeof details?.index === 'number') return details.index;
  const fields = Array.isArray(details?.fields) ? (details.fields as Array<{ path?: unknown }>) : [];
  const match = fields.map((field) => (typeof field.path === 'string' ? /networks\.(\d+)/.exec(field.path) : null)).find(Boolean);
  return match ? Number(match[1]) : undefined;
}
