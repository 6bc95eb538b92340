import type { BundledResources, Language } from './index.ts';
import en from './bundle-en.ts';
import pt from './bundle-pt.ts';

/** Both languages' bundled namespaces at once: for the server, the console and tests (the web loads one at a time). */
export const resources: Record<Language, BundledResources> = { pt, en };
