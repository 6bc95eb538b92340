import { randomBytes } from 'node:crypto';
import { AppError } from '@app/kernel';
import {
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  WHITELABEL_FLAGS,
  type BootInfo,
  type SystemStatus,
  type WhitelabelFlag,
} from '@app/contracts';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Logger } from '../../platform/logger.ts';
import { compileRegionRules, type VisitorLocation } from './region.ts';
import { computeSystemStatus } from './system-status.ts';
import * as repository from './system.repository.ts';
import { resolveSettings, SETTING_SCHEMAS, WHITELABEL_PARENT, type SettingKey, type Settings } from './system.settings.ts';

export const SETTINGS_CHANGED_EVENT = 'system.settings_changed';

/** Settings are read on every API request (maintenance gate), so they are cached per process. */
const CACHE_TTL_MS = 30_000;

interface Snapshot {
  settings: Settings;
  isRegionBlocked: (location: VisitorLocation) => boolean;
  loadedAt: number;
}

export function createSystemService(deps: { db: Db; bus: EventBus; logger: Logger; now?: () => number }) {
  const now = deps.now ?? Date.now;
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;

  async function load(): Promise<Snapshot> {
    const rows = await repository.listSettings(deps.db);
    const settings = resolveSettings(rows, (key) => deps.logger.warn({ key }, 'stored setting is invalid; using default'));
    return { settings, isRegionBlocked: compileRegionRules(settings.region), loadedAt: now() };
  }

  async function current(): Promise<Snapshot> {
    if (snapshot && now() - snapshot.loadedAt < CACHE_TTL_MS) return snapshot;
    // One reload at a time, however many requests arrive while it runs.
    loading ??= load().finally(() => {
      loading = undefined;
    });
    snapshot = await loading;
    return snapshot;
  }

  // Another process (or this one) changed a setting: drop the cache so the next read reloads.
  deps.bus.subscribe((event) => {
    if (event.type === SETTINGS_CHANGED_EVENT) snapshot = undefined;
  });

  const secrets = new Map<string, Promise<Buffer>>();

  async function storeSetting<K extends SettingKey>(tx: DbExecutor, key: K, after: Settings[K], actor: string, audit?: (tx: DbExecutor, change: { before: Settings[K]; after: Settings[K] }) => Promise<void>): Promise<void> {
    // The value in force before (stored or default), read inside the change for the audit trail.
    const before = resolveSettings(await repository.listSettings(tx))[key];
    await repository.upsertSetting(tx, key, after, actor);
    await audit?.(tx, { before, after });
    await deps.bus.publish(tx, { type: SETTINGS_CHANGED_EVENT, audience: { kind: 'public' } });
  }

  return {
    /**
     * A named 256-bit secret shared by every process through the database (HMAC keys for
     * stateless challenges). Generated on first use; cached for the life of the process.
     */
    getSecret(name: string): Promise<Buffer> {
      let secret = secrets.get(name);
      if (!secret) {
        secret = repository.findOrCreateSecret(deps.db, name, randomBytes(32));
        secret.catch(() => secrets.delete(name));
        secrets.set(name, secret);
      }
      return secret;
    },

    async getSettings(): Promise<Settings> {
      return (await current()).settings;
    },

    /** The spec's white-label feature flags (registration methods, SMS verification, …). */
    async getWhitelabelFlags(): Promise<WhitelabelFlag[]> {
      return toWhitelabelFlags((await current()).settings);
    },

    async getStatus(location: VisitorLocation): Promise<SystemStatus> {
      const { settings, isRegionBlocked } = await current();
      return computeSystemStatus(settings, isRegionBlocked(location));
    },

    async getBoot(location: VisitorLocation): Promise<BootInfo> {
      const { settings, isRegionBlocked } = await current();
      const status = computeSystemStatus(settings, isRegionBlocked(location));
      return {
        status,
        maintenanceMessage: settings.maintenance.enabled ? settings.maintenance.message : null,
        location,
        customerService: settings.customerService,
        whitelabel: toWhitelabelFlags(settings),
        mainDomain: settings.domains.mainDomain,
        analytics: settings.analytics,
        imageCDNs: settings.domains.imageCDNs,
        launchGameCDNs: settings.domains.launchGameCDNs,
        languages: { default: settings.locale.defaultLanguage, fallback: FALLBACK_LANGUAGE, supported: [...SUPPORTED_LANGUAGES] },
        timeZone: settings.locale.timeZone,
        site: settings.site,
        appDownload: settings.appDownload,
      };
    },

    /**
     * Validates and stores one setting, and tells every process (and every open /ws client)
     * once the change has committed.
     */
    async updateSetting<K extends SettingKey>(key: K, value: unknown, actor: string, audit?: (tx: DbExecutor, change: { before: Settings[K]; after: Settings[K] }) => Promise<void>): Promise<Settings[K]> {
      const parsed = SETTING_SCHEMAS[key].safeParse(value);
      if (!parsed.success) {
        throw new AppError('validation.failed', `invalid value for setting ${key}`, {
          fields: parsed.error.issues.map((issue) => ({ path: [key, ...issue.path].join('.'), message: issue.message })),
        });
      }
      const after = parsed.data as Settings[K];
      await deps.db.transaction().execute((tx) => storeSetting(tx, key, after, actor, audit));
      snapshot = undefined;
      return after;
    },

    /**
     * Stores a value already checked against its schema in the caller's transaction (an approved
     * maker-checker request); call `settingsChanged` once it has committed.
     */
    storeSetting,
    settingsChanged: () => {
      snapshot = undefined;
    },

    /** Seeds a value only where the operator has not set one (idempotent demo seeding). */
    async seedSetting<K extends SettingKey>(key: K, value: Settings[K], actor: string): Promise<void> {
      await repository.insertSettingIfMissing(deps.db, key, SETTING_SCHEMAS[key].parse(value), actor);
      snapshot = undefined;
    },

    async recordHeartbeat(worker: { workerId: string; hostname: string; pid: number; startedAt: Date }) {
      await repository.recordHeartbeat(deps.db, worker);
    },

    async findLastWorkerHeartbeat(): Promise<Date | undefined> {
      return repository.findLatestHeartbeat(deps.db);
    },
  };
}

function toWhitelabelFlags(settings: Settings): WhitelabelFlag[] {
  return WHITELABEL_FLAGS.map((modId) => ({ modId, enabled: settings.whitelabel[modId] ?? false, parent: WHITELABEL_PARENT[modId] }));
}

export type SystemService = ReturnType<typeof createSystemService>;
