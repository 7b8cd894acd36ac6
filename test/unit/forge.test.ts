// What someone who opens the repository on a forge looks for: a CI workflow
// that is valid for GitHub's schema (checked with action-validator, which
// validates a workflow against it offline) and runs what CI here runs
// (.ci/run); on a release tag, the packaged zips.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const workflow = readFileSync(resolve(ROOT, '.github/workflows/ci.yml'), 'utf8');

describe('the CI workflow', () => {
  it("is valid for GitHub's workflow schema", () => {
    expect(validateWorkflow(workflow).errors).toEqual([]);
  });

  it('would be refused if it were not (the validator sees a misspelt key)', () => {
    expect(validateWorkflow(workflow.replace('runs-on:', 'run-on:')).errors).not.toEqual([]);
  });

  it('runs .ci/run on pushes and pull requests, and packages a release tag', () => {
    expect(workflow).toMatch(/^ {2}push:\n {4}branches: \[main\]\n {4}tags: \['v\*'\]\n {2}pull_request:$/m);
    expect(workflow).toMatch(/^ {6}- run: \.ci\/run$/m);
    expect(workflow).toMatch(/^ {4}if: startsWith\(github\.ref, 'refs\/tags\/v'\)$/m);
    expect(workflow).toMatch(/^ {6}- run: npm run package$/m);
  });
});
