import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installBrowserStubs } from './browser';

installBrowserStubs();

// Mantine pages render slowly in jsdom on a busy 2-core machine: findBy* waits up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
