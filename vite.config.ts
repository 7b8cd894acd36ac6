import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import manifest from './manifest.json' with { type: 'json' };

// `vite build --mode e2e` writes dist-e2e/: the same extension plus the hooks
// end-to-end tests call (see src/background/e2e-hooks.ts); `dist/` never has them.
export default defineConfig(({ mode }) => ({
  plugins: [preact(), crx({ manifest })],
  build: {
    outDir: mode === 'e2e' ? 'dist-e2e' : 'dist',
    emptyOutDir: true,
    target: 'chrome120',
    modulePreload: false,
    rollupOptions: {
      // Pages the manifest does not name are only emitted when listed here.
      input: { offscreen: 'src/offscreen/index.html' },
      output: {
        // The small modules the popup, worker and offscreen page all load travel as
        // one chunk rather than several: each file costs its own gzip overhead.
        codeSplitting: { groups: [{ name: 'messaging', test: /src\/(messages|platform\/extension-api)/ }] },
      },
    },
  },
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'integration', include: ['test/integration/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 20_000 } },
      // Checks of the built dist/ (run after `npm run build`).
      { test: { name: 'build', include: ['test/build/**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // One browser per file; two at once gain nothing on two cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
