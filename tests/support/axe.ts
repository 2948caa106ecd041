import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

/** Runs axe-core on the page as it is now and throws if it finds any serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Evaluated rather than added with addScriptTag: the site's Content-Security-Policy blocks inline scripts,
  // and strings keep the test runner's code transforms out of the page.
  const hasAxe = await page.evaluate('typeof window.axe === "object"');
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate('window.axe.run(document)')) as AxeResults;
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.includes(violation.impact ?? null));
  if (blocking.length === 0) return;
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    - ${node.target.join(' ')}`).join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n${nodes}`;
    })
    .join('\n');
  throw new Error(`axe found ${blocking.length} serious or critical violation(s) on ${page.url()}:\n${report}`);
}
