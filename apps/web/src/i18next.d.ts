import 'i18next';
import type { Resources } from '@app/i18n';

// Typed keys: a t('ns:key') that does not exist in the Portuguese files fails typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
