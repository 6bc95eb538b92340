import { use, type ComponentType, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { loadNamespace, SUPPORTED_LANGUAGES, type LazyNamespace } from '@app/i18n';
import { ChunkLoadError } from '../app/shell/lazy-page.tsx';

/**
 * Namespaces only agents read are not bundled with every page (@app/i18n LAZY_NAMESPACES): a
 * component that needs them is wrapped with withNamespaces, which suspends until both languages'
 * bundles are in the i18n instance (both, so a language switch never shows raw keys).
 */
const loading = new WeakMap<I18n, Map<string, Promise<void>>>();

function loaded(i18n: I18n, namespaces: readonly LazyNamespace[]): boolean {
  return namespaces.every((namespace) => SUPPORTED_LANGUAGES.every((language) => i18n.hasResourceBundle(language, namespace)));
}

export function loadNamespaces(i18n: I18n, namespaces: readonly LazyNamespace[]): Promise<void> {
  const key = [...namespaces].sort().join(',');
  const pending = loading.get(i18n) ?? new Map<string, Promise<void>>();
  loading.set(i18n, pending);
  let promise = pending.get(key);
  if (!promise) {
    promise = Promise.all(
      namespaces.flatMap((namespace) =>
        SUPPORTED_LANGUAGES.map(async (language) => {
          if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, await loadNamespace(namespace, language), true, true);
        }),
      ),
    ).then(
      () => undefined,
      (error: unknown) => {
        pending.delete(key);
        throw new ChunkLoadError(error);
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

export function withNamespaces<P extends object>(Component: ComponentType<P>, namespaces: readonly LazyNamespace[]) {
  function WithNamespaces(props: P & JSX.IntrinsicAttributes) {
    const { i18n } = useTranslation();
    if (!loaded(i18n, namespaces)) use(loadNamespaces(i18n, namespaces));
    return <Component {...props} />;
  }
  WithNamespaces.displayName = `WithNamespaces(${Component.displayName ?? Component.name})`;
  return WithNamespaces;
}
