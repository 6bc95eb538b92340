import ptAccount from '../locales/pt/account.json';
import ptBetting from '../locales/pt/betting.json';
import ptCommon from '../locales/pt/common.json';
import ptContent from '../locales/pt/content.json';
import ptErrors from '../locales/pt/errors.json';
import ptGames from '../locales/pt/games.json';
import ptHome from '../locales/pt/home.json';
import ptLayout from '../locales/pt/layout.json';
import ptPages from '../locales/pt/pages.json';
import ptSystem from '../locales/pt/system.json';
import ptValidation from '../locales/pt/validation.json';
import ptWallet from '../locales/pt/wallet.json';

/** Portuguese, the namespaces every page ships with (loadBundledLanguage). The source of truth for the key set. */
const pt = {
  common: ptCommon,
  layout: ptLayout,
  account: ptAccount,
  system: ptSystem,
  pages: ptPages,
  errors: ptErrors,
  home: ptHome,
  validation: ptValidation,
  wallet: ptWallet,
  games: ptGames,
  betting: ptBetting,
  content: ptContent,
};

export default pt;
