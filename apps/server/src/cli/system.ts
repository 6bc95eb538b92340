import { parseArgs } from 'node:util';
import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { databaseUrlOf } from './database-url.ts';
import { createLogger } from '../platform/logger.ts';
import { maintainPartitions } from '../platform/partitions.ts';
import { SETTING_KEYS, type SettingKey } from '../modules/system/index.ts';

/**
 * Operator command line for the switches that must work even when the back-office does not:
 *   npm run system -- status
 *   npm run system -- maintenance on [--pt "Voltamos logo"] [--en "Back soon"]
 *   npm run system -- maintenance off
 *   npm run system -- region block <ip-or-cidr|country>...   (country: two capital letters)
 *   npm run system -- region allow <ip-or-cidr>...
 *   npm run system -- region off
 *   npm run system -- get [KEY]
 *   npm run system -- set KEY JSON        (validated against the key's schema, e.g. whitelabel, accounts)
 *   npm run system -- partitions         (monthly partitions: create ahead, empty the defaults, detach past retention)
 * Running servers pick the change up at once (the update is announced over LISTEN/NOTIFY).
 */
const USAGE =
  'usage: system status | maintenance on [--pt TEXT] [--en TEXT] | maintenance off | region block ITEM... | region allow IP... | region off | get [KEY] | set KEY JSON | partitions';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { pt: { type: 'string' }, en: { type: 'string' } },
});
const [command, action, ...items] = positionals;

const config = loadConfigOrExit();
const logger = createLogger({ level: 'warn', pretty: false });
const core = await composeCore({ config, logger, databaseUrl: databaseUrlOf(config) });
const system = core.modules.system.api;

try {
  if (command === 'status') {
    const settings = await system.getSettings();
    console.log(JSON.stringify({ maintenance: settings.maintenance, region: settings.region }, null, 2));
  } else if (command === 'get') {
    const settings = await system.getSettings();
    console.log(JSON.stringify(action ? (settings as Record<string, unknown>)[action] ?? null : settings, null, 2));
  } else if (command === 'set' && action && isSettingKey(action) && items.length === 1) {
    await system.updateSetting(action, JSON.parse(items[0] ?? 'null'), 'cli');
    console.log(`${action} updated`);
  } else if (command === 'partitions' && !action) {
    const reports = await maintainPartitions(config.scale.databaseDirectUrl ?? databaseUrlOf(config), config.partitions, new Date());
    console.log(reports ? JSON.stringify(reports, null, 2) : 'partition maintenance is running elsewhere; try again later');
  } else if (command === 'maintenance' && (action === 'on' || action === 'off')) {
    const message = values.pt || values.en ? { pt: values.pt ?? values.en ?? '', en: values.en ?? values.pt ?? '' } : null;
    await system.updateSetting('maintenance', { enabled: action === 'on', message: action === 'on' ? message : null }, 'cli');
    console.log(`maintenance ${action}`);
  } else if (command === 'region' && action === 'off') {
    await system.updateSetting('region', { enabled: false, blockedIps: [], allowedIps: [], blockedCountries: [] }, 'cli');
    console.log('region rules off and cleared');
  } else if (command === 'region' && (action === 'block' || action === 'allow') && items.length > 0) {
    const region = (await system.getSettings()).region;
    const countries = items.filter((item) => /^[A-Z]{2}$/.test(item));
    const ips = items.filter((item) => !countries.includes(item));
    const next =
      action === 'block'
        ? { ...region, enabled: true, blockedIps: [...new Set([...region.blockedIps, ...ips])], blockedCountries: [...new Set([...region.blockedCountries, ...countries])] }
        : { ...region, allowedIps: [...new Set([...region.allowedIps, ...items])] };
    await system.updateSetting('region', next, 'cli');
    console.log(`region ${action}: ${items.join(', ')}`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message, JSON.stringify((error as { details?: unknown }).details ?? ''));
  process.exitCode = 1;
} finally {
  await core.close();
}

function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as string[]).includes(key);
}
