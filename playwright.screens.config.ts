import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run screens` (issue 33): screenshots of every screen at each of the five sizes into
 * e2e/screens/<size>/<screen>.jpg, from e2e/screens.shots.ts. Not part of `npm test` (its files
 * end in .shots.ts, which the default config does not match).
 */
export default defineConfig({
  ...base,
  testMatch: '**/*.shots.ts',
  reporter: [['list']],
  // A screen that cannot be reached fails in seconds (the run reports it and goes on to the next).
  use: { ...base.use, trace: 'off', screenshot: 'off', actionTimeout: 10_000 },
  expect: { timeout: 15_000 },
});
