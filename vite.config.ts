import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import manifest from './manifest.json' with { type: 'json' };
import packageJson from './package.json' with { type: 'json' };
import { popupDirectionsPlugin } from './scripts/build/popup-directions.ts';
import { popupLoaderPlugin } from './scripts/build/popup-loader.ts';
import { FIREFOX_MIN_VERSION } from './scripts/build/manifest-targets.ts';
import { targetBuilds } from './scripts/build/target-builds.ts';

// `vite build` writes dist/chrome/ (crxjs) and dist/firefox/ (derived from it,
// see scripts/build/). `vite build --mode e2e` writes dist-e2e/ likewise: the
// same extension, its worker started from src/background/testing/e2e-main.ts,
// which imports the real one and adds the hooks end-to-end tests call;
// dist/ never has them, and nothing else in src/ knows which build it is in.
/** The end-to-end build's worker entry: the real worker, with the tests' hooks. */
const E2E_WORKER = 'src/background/testing/e2e-main.ts';

export default defineConfig(({ command, mode }) => {
  const root = mode === 'e2e' ? 'dist-e2e' : 'dist';
  // Every `vite build` is a production build, whatever NODE_ENV the shell
  // holds: Vite keeps an inherited one (vitest sets `test`, some setups export
  // `development`), and then JSX is compiled for development (jsxDEV with each
  // file's absolute path in the bundle), so the same commit built in another
  // folder would give other bytes. Vite reads NODE_ENV after loading this file.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    // The version has one home, package.json (`npm run release` bumps it); the manifests take it at build.
    plugins: [preact(), crx({ manifest: { ...manifest, version: packageJson.version, ...(mode === 'e2e' ? { background: { ...manifest.background, service_worker: E2E_WORKER } } : {}) } }), popupLoaderPlugin(), popupDirectionsPlugin(), targetBuilds(root)],
    build: {
      outDir: `${root}/chrome`,
      emptyOutDir: true,
      // The code as the oldest browsers the manifests admit run it: Chrome's minimum_chrome_version, Firefox's strict_min_version.
      target: [`chrome${manifest.minimum_chrome_version}`, `firefox${Number.parseInt(FIREFOX_MIN_VERSION, 10)}`],
      modulePreload: false,
      rollupOptions: {
        // Pages the manifest does not name are only emitted when listed here.
        input: { offscreen: 'src/offscreen/index.html', history: 'src/history/index.html', list: 'src/list/index.html' },
        output: {
          // The modules every context loads (the one door to the browser, with
          // the polyfill, messaging and the ports' plumbing) travel as one chunk
          // rather than several: each file costs its own gzip overhead.
          // The ports' own modules stay out of it: each side loads only its end (`open…` in
          // the pages, `serve…` in the worker, with the checks of what it receives).
          codeSplitting: { groups: [{ name: 'messaging', test: /src\/(messages\/(messaging|message-map|ports|port-names)|platform\/(browser|tabs-permission|i18n|words|xml-text|clipboard)|api\/errors|shortening\/(shorten-request|copy-formats)|storage\/session\/bulk-run|ui\/error-words)\.ts|webextension-polyfill/ }, { name: 'page-kit', test: /node_modules\/preact|src\/(share\/shared-link|ui\/(save-download|seconds-left|copy-format-words|adopt-language))\.tsx?|src\/ui\/base\.css/ }] },
        },
      },
    },
    test: {
      // `npm test` runs the unit and integration projects with --coverage (V8's own counters, no code
      // instrumented). Every module of src/ is measured, tested or not; the folders whose logic
      // the product stands on keep 90 % of lines and branches. A module no test runs at all fails the
      // run unless only a browser can run it and an end-to-end test names it (test/support/untested-modules.ts).
      coverage: {
        provider: 'v8',
        include: ['src/**/*.{ts,tsx}'],
        exclude: ['src/**/*.test.{ts,tsx}', 'src/**/fake-*.{ts,tsx}', 'src/**/*.d.ts'],
        reporter: ['text-summary', 'json-summary'],
        reportsDirectory: '.tmp/coverage',
        thresholds: Object.fromEntries(['src/api/**', 'src/storage/**', 'src/shortening/**', 'src/background/queue/**'].map((folder) => [folder, { lines: 90, branches: 90 }])),
      },
      // The default reporter, and the check that no module goes untested (it acts only when coverage is on).
      reporters: ['default', './test/support/untested-modules.ts'],
      projects: [
        // Component tests (`*.test.tsx`: a view rendered with @testing-library/preact)
        // run here too, each in a happy-dom page chosen by its first line,
        // `// @vitest-environment happy-dom`: vitest 4 has no environmentMatchGlobs,
        // and a DOM for every file would slow the pure ones for nothing.
        // No time ceiling here nor in the integration project: npm test runs them niced beside three browsers,
        // where a property test of a second alone took over 120 s (CI, 2026-11-29), and no bound is one a busier
        // machine cannot miss. test/support/hang-watch.ts finds a hang instead: a test thread idle for two minutes.
        // Unit and integration tests run in a new random order each time (the seed is printed;
        // `--sequence.seed N` repeats an order): no test leans on another.
        // Each file in a worker thread of its own, not a child process: as isolated (a module registry
        // per file) without a process started for each of the 150 files: 13 % less CPU (193 → 167 CPU-s alone, mean of five runs each).
        { test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/unit/**/*.test.ts'], environment: 'node', setupFiles: ['test/support/hang-watch.ts', 'test/support/component-setup.ts'], pool: 'threads', testTimeout: 0, hookTimeout: 0, sequence: { shuffle: true } } },
        { test: { name: 'integration', include: ['test/integration/**/*.test.ts'], setupFiles: ['test/support/hang-watch.ts'], pool: 'threads', testTimeout: 0, hookTimeout: 0, sequence: { shuffle: true } } },
        // Checks of the built dist/ (run after `npm run build`). Their heavy steps (an npm ci and a build of the
        // source zip, a release's packages and the store's pictures taken in Chromium) take 10 to 30 s alone here;
        // niced beside the browsers of npm test, a release passed 900 s (a fresh clone, 2026-11-30): no ceiling
        // either, but the hang watch, which counts the CPU time of the processes a test starts.
        { test: { name: 'build', include: ['test/build/**/*.test.ts'], setupFiles: ['test/support/hang-watch.ts'], testTimeout: 0, hookTimeout: 0 } },
        {
          test: {
            name: 'e2e',
            include: ['test/e2e/**/*.test.ts'],
            // After each test, the token audit reads what each open session's extension keeps (test/support/audit-checkpoints.ts).
            setupFiles: ['test/support/e2e-setup.ts'],
            // One browser per file, one file at a time in a process: npm test (scripts/test.ts)
            // runs them in three such processes side by side.
            fileParallelism: false,
            // The files of a process share its module cache: playwright-core and the harness are imported once
            // per process, not once per file (some 0.7 s a file). Each file still starts and closes its own browsers.
            isolate: false,
            // The tests' own waits for an event (expect.poll here, Playwright's and Puppeteer's waits, pollUntil)
            // give up after 30 s, where a page answers in about one alone: they are what finds a hang. A test's
            // ceiling is only the last resort, never a measure: at 180 s, bulk's
            // twelve-tab run with a worker stopped mid-way (19 s alone) was cut off at 183 s on this machine
            // slowed 3.6-fold (2026-11-29), every step of it within its own wait, and left the worker stopped.
            testTimeout: 900_000,
            hookTimeout: 900_000,
            expect: { poll: { timeout: 30_000 } },
          },
        },
      ],
    },
  };
});
