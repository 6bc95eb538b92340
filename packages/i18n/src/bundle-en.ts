import enAccount from '../locales/en/account.json';
import enBetting from '../locales/en/betting.json';
import enCommon from '../locales/en/common.json';
import enContent from '../locales/en/content.json';
import enErrors from '../locales/en/errors.json';
import enGames from '../locales/en/games.json';
import enHome from '../locales/en/home.json';
import enLayout from '../locales/en/layout.json';
import enPages from '../locales/en/pages.json';
import enSystem from '../locales/en/system.json';
import enValidation from '../locales/en/validation.json';
import enWallet from '../locales/en/wallet.json';
import type pt from './bundle-pt.ts';

/** English, the namespaces every page ships with (loadBundledLanguage). */
/** Typed as Portuguese, the source of truth for the key set. */
const en: typeof pt = {
  common: enCommon,
  layout: enLayout,
  account: enAccount,
  system: enSystem,
  pages: enPages,
  errors: enErrors,
  home: enHome,
  validation: enValidation,
  wallet: enWallet,
  games: enGames,
  betting: enBetting,
  content: enContent,
};

export default en;
