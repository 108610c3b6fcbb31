import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { decisionColor } from '../../../src/shared/domain/decisions';

/**
 * `scope` shows `decision` as the coloured decision badge: the colour rule's classes, and a painted
 * background (so the stylesheet really has them), not plain text.
 */
export async function expectDecisionBadge(scope: Locator, decision: string): Promise<void> {
  const badge = scope.getByText(decision, { exact: true }).first();
  await badge.waitFor();
  const { className, background } = await badge.evaluate((el) => ({
    className: el.className,
    background: getComputedStyle(el).backgroundColor,
  }));
  for (const cls of decisionColor(decision).className.split(' ')) expect(className).toContain(cls);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
}
