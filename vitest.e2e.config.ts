import { defineConfig } from 'vitest/config'

// Browser tests (`npm run test:e2e`): headless Chromium against workers run by wrangler dev.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
})
