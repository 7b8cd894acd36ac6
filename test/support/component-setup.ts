// One of the unit project's setup files (vite.config.ts). In the component tests'
// DOM (files that ask for happy-dom), `findBy…` and `waitFor` still wait for what
// they look for, but fail only after 30 s instead of Testing Library's 1 s: npm
// test runs the unit tests niced beside three browsers, and on a busy two-core
// machine a first lazy chunk (the QR panel's) took over a second to load. A
// ceiling for what never shows, not a measure: such a wait polls, so the hang
// watch (hang-watch.ts) would never see it idle. The pure files, in node, do not
// load Testing Library for it.
export const WAIT_CEILING_MS = 30_000;

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/preact');
  configure({ asyncUtilTimeout: WAIT_CEILING_MS });
}
