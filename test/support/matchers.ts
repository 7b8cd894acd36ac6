import { expect } from 'vitest';

// vitest's asymmetric matchers by name, for an expected value that depends on the case
// (`verdict.accepts ? value : refusal`): written `expect.…` inside a ternary, a matcher reads,
// to a reader and to lint's rule against conditional expects, as an assertion made in one case only.
export const anything = (): unknown => expect.anything();
export const objectContaining = (value: Record<string, unknown>): unknown => expect.objectContaining(value);
export const stringContaining = (value: string): unknown => expect.stringContaining(value);
export const stringMatching = (value: string | RegExp): unknown => expect.stringMatching(value);
export const oneOf = (values: readonly unknown[]): unknown => expect.toBeOneOf([...values]);
