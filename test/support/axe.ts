import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Every axe violation on the page, one line each ("rule: selector"). Evaluated over CDP, which the page's CSP does not govern. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact ?? '?'}): ${node.target.join(' ')}`));
}

/**
 * The same scan in a page any driver evaluates script source in: Puppeteer's over WebDriver BiDi, in Firefox,
 * whose colour scheme is the session's (BiDi has no way to switch it), so each scheme is a session of its own.
 */
export async function axeViolationsOf(page: { evaluate(source: string): Promise<unknown> }): Promise<string[]> {
  if ((await page.evaluate(`'axe' in globalThis`)) !== true) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations)`)) as AxeViolation[];
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact ?? '?'}): ${node.target.join(' ')}`));
}

/**
 * The page's axe violations in light and in dark, from one state of it: the
 * colour scheme is switched under it, nothing else. Each line says which scheme.
 */
export async function axeViolationsLightAndDark(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await axeViolations(page)).map((line) => `${colorScheme}: ${line}`));
  }
  return found;
}
