import 'i18next';
import type { AdminResources } from './shared/i18n-resources.ts';

// Typed keys: a t('ns:key') that does not exist in the console's Portuguese files fails typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'admin';
    resources: AdminResources;
  }
}
