// The unit project's setup file (vite.config.ts). In the component tests' DOM
// (files that ask for happy-dom), `findBy…` and `waitFor` still wait for what
// they look for, but fail only after 10 s instead of Testing Library's 1 s:
// npm test runs the unit tests niced beside two browsers, and on a busy two-core
// machine a first lazy chunk (the QR panel's) took over a second to load. A
// ceiling, not a measure, like the project's testTimeout. The pure files, in
// node, do not load Testing Library for it.
export const WAIT_CEILING_MS = 30_000;

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/preact');
  configure({ asyncUtilTimeout: WAIT_CEILING_MS });
}
