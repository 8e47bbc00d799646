import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Components render here as they do after hydration (root.tsx marks it), never as a first visit.
document.documentElement.dataset.hydrated = '';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
