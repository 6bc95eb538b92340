import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resources } from '@app/i18n/resources';
import { provideBundles } from './shared/i18n.ts';

// Both languages' texts at once: components switch languages synchronously in tests.
provideBundles(resources);

// findBy*/waitFor wait up to 5 s instead of 1 s: a lazy route's chunk or a query's answer can take
// longer than a second to arrive while the other test files keep both cores busy.
configure({ asyncUtilTimeout: 5000 });

// jsdom implements neither scrolling nor matchMedia; the shell calls both on every route.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

// The responsible-gaming notice after each login (issue 27, rg-watch.tsx) is a modal over every
// page of a logged-in member; tests about other things render without it (the e2e journeys do the
// same, and limits.spec.ts shows it). localStorage is cleared after each test, so set it before each.
beforeEach(() => localStorage.setItem('rg.notice.skip', '1'));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.body.removeAttribute('style');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
