import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { decisionColor, decisionLabel } from '../../../src/shared/domain/decisions';

/**
 * `scope` shows `decision` as the coloured decision badge: its label ('accept' reads 'Accepted', on
 * every screen), the colour rule's classes, and a painted background (so the stylesheet really has
 * them), not plain text.
 */
export async function expectDecisionBadge(scope: Locator, decision: string): Promise<void> {
  // 'accept' and 'approved' both read 'Accepted': the colour tells them apart.
  const background = decisionColor(decision).className.split(' ')[0];
  const badge = scope
    .getByText(decisionLabel(decision), { exact: true })
    .and(scope.locator(`.${background}`))
    .first();
  await badge.waitFor();
  const { className, painted } = await badge.evaluate((el) => ({
    className: el.className,
    painted: getComputedStyle(el).backgroundColor,
  }));
  for (const cls of decisionColor(decision).className.split(' ')) expect(className).toContain(cls);
  expect(painted).not.toBe('rgba(0, 0, 0, 0)');
}
