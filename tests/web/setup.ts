// Setup of the jsdom "web" test project: DOM cleanup after each test and the matchers-free helpers the tests need.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
});
