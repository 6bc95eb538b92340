import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom implements neither scrolling nor matchMedia; the shell calls both on every route.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.body.removeAttribute('style');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
