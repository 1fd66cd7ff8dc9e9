import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The impacts that fail a page: WCAG failures a user is likely to hit, not best-practice nits. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits until finite CSS animations and transitions are done, so axe sees the settled colours.
 * A transition can begin a frame after the element appears (a toast fades in once it is marked
 * mounted), so it looks again after two frames until a look finds none running.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((done) => requestAnimationFrame(() => done(undefined)));
    for (let look = 0; look < 10; look++) {
      await nextFrame();
      await nextFrame();
      const finite = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .filter((animation) => animation.playState === 'running');
      if (finite.length === 0) return;
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * Runs axe-core in the page (injected once per document) and returns its serious and critical
 * violations. The page's context needs `bypassCSP: true`: the app's CSP refuses inline scripts.
 */
export async function findSeriousViolations(page: Page): Promise<AxeFinding[]> {
  await settle(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const results = await window.axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  });
  return violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact));
}

/** One line per violation: the rule, its impact and every offending element. */
export function formatFindings(screen: string, findings: AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `[${screen}] ${finding.id} (${finding.impact}): ${finding.help}\n    ` +
        finding.targets.join('\n    '),
    )
    .join('\n');
}

/** The failure text for `screen`'s serious and critical axe violations, or null when there are none. */
export async function accessibilityProblem(page: Page, screen: string): Promise<string | null> {
  const findings = await findSeriousViolations(page);
  if (findings.length === 0) return null;
  return (
    `axe found ${findings.length} serious/critical violation(s) on ${screen} (${page.url()}):\n` +
    formatFindings(screen, findings)
  );
}

/** The failure text when the page scrolls sideways (wider than the viewport), or null when it fits. */
export async function horizontalOverflowProblem(page: Page, screen: string): Promise<string | null> {
  const size = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    // The elements past the right edge, to name the culprit when the page is too wide.
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, wide };
  });
  if (size.scrollWidth <= size.innerWidth) return null;
  return (
    `${screen} (${page.url()}) overflows horizontally: scrollWidth ${size.scrollWidth} > innerWidth ` +
    `${size.innerWidth}; elements past the right edge: ${size.wide.join(', ')}`
  );
}

/** Throws with the rule ids, target selectors and screen name when axe finds anything serious. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const problem = await accessibilityProblem(page, screen);
  if (problem) throw new Error(problem);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
