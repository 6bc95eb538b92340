import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s instead of 1 s: a lazy route's chunk or a query's answer can take
// longer than a second to arrive while the other test files keep both cores busy.
configure({ asyncUtilTimeout: 5000 });

// Each test starts from an empty document.
afterEach(() => cleanup());
