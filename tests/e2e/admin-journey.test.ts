import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** The org admin's journey (issue 11 items 7, 12, 13, 14): create → build → publish, at 1280 and 375 px. */

let app: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function adminPage(width: number, height = 800): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width, height });
  await signInAs(page.context(), app.url, 'admin@demo.test');
  return page;
}

const rows = (page: Page) => page.locator('li[data-question-key]');
const labels = (page: Page) =>
  rows(page)
    .getByRole('textbox', { name: /Label$/ })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

async function createDraft(page: Page, name: string): Promise<string> {
  await page.goto('/org/riverside-arts/admin/programs');
  await page.getByRole('textbox', { name: 'Program name' }).fill(name);
  await page.getByRole('button', { name: 'Create draft' }).click();
  // Straight into the builder of the new draft: no dead end on the programs list.
  await page.waitForURL(/\/org\/riverside-arts\/admin\/programs\/[0-9a-f-]{36}\/builder$/);
  await page.getByRole('heading', { level: 1, name: new RegExp(name) }).waitFor();
  const id = /programs\/([0-9a-f-]{36})\/builder/.exec(page.url())?.[1];
  if (!id) throw new Error('no program id in the builder address');
  return id;
}

describe.each([
  ['desktop', 1280],
  ['phone', 375],
])('builder journey (%s)', (viewport, width) => {
  it('creates a draft, builds its form, and publishes with a checklist and the public link', async () => {
    const page = await adminPage(width);
    try {
      const name = `Journey ${viewport} program`;
      const id = await createDraft(page, name);
      // The creation's toast is up; a dialog opened now clears it instead of leaving it underneath.
      const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])');
      await toasts.filter({ hasText: 'Draft program created.' }).waitFor();
      await page
        .getByRole('region', { name: 'Save and publish' })
        .getByRole('button', { name: 'Preview' })
        .click();
      await page.getByRole('dialog').waitFor();
      await toasts.first().waitFor({ state: 'detached', timeout: 1_000 });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      for (const type of ['Short text', 'Long text', 'Date', 'File upload']) {
        await page.getByRole('button', { name: `Add ${type} question` }).click();
      }
      await page.keyboard.type('Your recording');
      expect(await labels(page)).toEqual(['Short text', 'Long text', 'Date', 'Your recording']);

      // File questions say what applicants may upload (the shared upload rules).
      const fileRow = rows(page).last();
      await fileRow.getByText(/^Accepted files: .*PDF.*; up to 50 MB\.$/).waitFor();
      // Help text per question, shown to applicants under the label (the preview shows what they see).
      await fileRow.getByRole('button', { name: 'Add help text to question 4' }).click();
      await fileRow.getByRole('textbox', { name: /Help text/ }).fill('An MP3 of one piece, up to 5 minutes.');

      // Collapsible question cards.
      const first = rows(page).first();
      await first.getByRole('button', { name: 'Collapse Short text' }).click();
      expect(await first.getByRole('textbox', { name: /Label$/ }).isVisible()).toBe(false);
      await first.getByRole('button', { name: 'Expand Short text' }).click();
      await first.getByRole('textbox', { name: /Label$/ }).waitFor();

      // Keyboard reorder with Space at an ordinary viewport, the handle out of view until focused (as
      // after Tab): the row moves one place, not to the end of the list.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      const handle = first.getByRole('button', { name: 'Reorder Short text' });
      await handle.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
      // One arrow press as a person makes it, a moment after picking up (the sensor listens from the next tick).
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      // Picking up announces 'position 1'; wait for the move itself (a press before the sensor listens is
      // lost: press again).
      const moved = page.getByText(/Short text was moved into position [2-4] of 4\./);
      for (let attempt = 0; attempt < 5; attempt++) {
        await page.keyboard.press('ArrowDown');
        const done = await moved
          .waitFor({ state: 'attached', timeout: 2000 })
          .then(() => true)
          .catch(() => false);
        if (done) break;
      }
      await page.keyboard.press('Space');
      await page.getByText(/Short text was dropped into position/).waitFor({ state: 'attached' });
      await expect.poll(() => labels(page)).toEqual(['Long text', 'Short text', 'Date', 'Your recording']);

      // The sticky top bar keeps Preview / Save / Publish in reach at the bottom of the form.
      await rows(page).last().scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const bar = page.getByRole('region', { name: 'Save and publish' });
      await expect
        .poll(async () => {
          const box = await bar.getByRole('button', { name: 'Publish' }).boundingBox();
          return !!box && box.y >= 0 && box.y + box.height <= 800;
        })
        .toBe(true);

      await bar.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('dialog');
      await preview.getByText('An MP3 of one piece, up to 5 minutes.').waitFor();
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });

      // Publish asks first, with a checklist naming questions that kept their default label.
      await bar.getByRole('button', { name: 'Publish' }).click();
      const confirm = page.getByRole('dialog', { name: /Publish this program\?|Submit this program/ });
      await confirm.waitFor();
      await confirm.getByText('4 questions.').waitFor();
      await confirm.getByText('3 questions are still labelled with the default text.').waitFor();
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Keep editing' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(page.url()).toContain(`/programs/${id}/builder`);

      await bar.getByRole('button', { name: 'Publish' }).click();
      await confirm.getByRole('button', { name: /Publish now|Submit for approval/ }).click();
      const done = page.getByRole('dialog', { name: /Your program is live|Sent for approval/ });
      await done.waitFor();
      const title = await done.getByRole('heading').first().textContent();
      if (title === 'Your program is live') {
        const link = done.getByRole('textbox', { name: 'Public link' });
        expect(await link.inputValue()).toBe(`${app.url}/programs/${id}`);
        await done.getByRole('button', { name: 'Copy link' }).waitFor();
      }
      await expectNoAxeViolations(page);
      // No timed redirect: the admin leaves when they choose.
      await done.getByRole('link', { name: 'Back to programs' }).click();
      await page.waitForURL(/\/org\/riverside-arts\/admin\/programs$/);

      const width0 = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width0).toBeLessThanOrEqual(width);
    } finally {
      await page.context().close();
    }
  });
});

describe('Manage Reviewers on a phone', () => {
  it('tapping a program brings its panel into view and focus', async () => {
    const page = await adminPage(375, 700);
    try {
      // A phone's slower CPU: the order of the router's scroll reset and the page's own scroll must not matter.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto('/org/riverside-arts/admin/reviewers');
      const programs = page.getByRole('region', { name: 'Programs' }).getByRole('button');
      await programs.first().waitFor();
      // The last program: the panel is below the whole list.
      const last = programs.last();
      const name = (await last.locator('span.font-semibold').first().textContent()) ?? '';
      await last.scrollIntoViewIfNeeded();
      await last.tap().catch(() => last.click());
      const panel = page.getByRole('region', { name: 'Program Assignments' });
      await panel.getByRole('button', { name: 'Add Reviewer' }).waitFor();
      const heading = panel.getByRole('heading', { name: 'Program Assignments' });
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect
        .poll(async () => {
          const box = await heading.boundingBox();
          return !!box && box.y >= 0 && box.y + box.height <= 700;
        })
        .toBe(true);
      expect(name.length).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });
});

describe('keyboard', () => {
  it('starts with a skip link to the content, and puts focus on the new page heading after navigation', async () => {
    const page = await adminPage(1280);
    try {
      await page.goto('/org/riverside-arts/admin');
      await page.getByRole('heading', { level: 1, name: 'Riverside Arts Center' }).waitFor();
      await page.keyboard.press('Tab');
      const first = await page.evaluate(() => document.activeElement?.textContent?.trim());
      expect(first).toBe('Skip to content');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

      // Follow a hub card with the keyboard: focus lands on the new page's h1, not on <body>.
      await page.getByRole('link', { name: /^Programs/ }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/programs$/);
      await expect
        .poll(() =>
          page.evaluate(() => {
            const el = document.activeElement;
            return el?.tagName === 'H1' ? el.textContent : null;
          }),
        )
        .toBe('Programs');
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });
});

describe('hub cards', () => {
  it('each card of the org admin hub opens the page it names', async () => {
    const page = await adminPage(1280);
    try {
      const cards = [
        'Programs',
        'Reviewers',
        'Applications Inbox',
        'Publish Results',
        'Organization Settings',
        'Audit log',
        'API tokens',
        'Webhooks',
      ];
      for (const title of cards) {
        await page.goto('/org/riverside-arts/admin');
        await page.getByRole('heading', { level: 1, name: 'Riverside Arts Center' }).waitFor();
        await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
        await page.waitForURL((url) => !url.pathname.endsWith('/admin'));
        const h1 = page.getByRole('heading', { level: 1 });
        await expect
          .poll(async () => ((await h1.count()) === 1 ? (await h1.textContent())?.toLowerCase() : null), {
            message: `the page the ${title} card opens`,
          })
          .toContain(title.toLowerCase());
      }
      // Issue 33 item 19: the inbox is the organization's own page, not All Reviews.
      await page.goto('/org/riverside-arts/admin');
      await page.getByRole('link', { name: /^Applications Inbox/ }).click();
      await page.waitForURL('**/org/riverside-arts/admin/reviews');
    } finally {
      await page.context().close();
    }
  });
});

describe('no prototype signals', () => {
  it('has no Coming soon cards or stored status words on admin screens', async () => {
    const page = await adminPage(1280);
    try {
      await page.goto('/org/riverside-arts/admin');
      await page.getByRole('link', { name: /Applications Inbox/ }).waitFor();
      expect(await page.getByText(/coming soon/i).count()).toBe(0);
      await page.goto('/org/riverside-arts/admin/programs');
      await page.getByRole('table').first().waitFor();
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).not.toMatch(/changes_requested|pending_changes|\bupdate\b/);
    } finally {
      await page.context().close();
    }
    const coalition = await newPage(browser, { baseURL: app.url });
    try {
      await signInAs(coalition.context(), app.url, 'coalition@demo.test');
      await coalition.goto('/coalition/metro-arts-coalition/cm');
      await coalition
        .getByRole('region', { name: 'Programs', exact: true })
        .getByRole('link')
        .first()
        .waitFor();
      expect(await coalition.getByText(/coming soon/i).count()).toBe(0);
    } finally {
      await coalition.context().close();
    }
  });

  it.each([
    ['desktop', 1280],
    ['phone', 375],
  ])('gives featured cards without a colour distinct generated covers (%s)', async (_, width) => {
    const page = await newPage(browser, { baseURL: app.url, width });
    try {
      await page.goto('/browse');
      const covers = page.locator('[data-cover-initials]');
      await covers.first().waitFor();
      const seen = await covers.evaluateAll((els) =>
        els.map((el) => ({
          text: el.textContent,
          background: getComputedStyle(el.parentElement as HTMLElement).backgroundColor,
        })),
      );
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.every((s) => /^[\p{L}\p{N}?]{1,2}$/u.test(s.text ?? ''))).toBe(true);
      expect(new Set(seen.map((s) => s.background)).size).toBeGreaterThanOrEqual(2);
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('links Terms & Privacy Policy to real pages', async () => {
    const page = await newPage(browser, { baseURL: app.url, width: 375 });
    try {
      await signInAs(page.context(), app.url, `journey.${Date.now()}@example.test`, 'Journey Newcomer');
      await page.goto('/onboarding');
      const terms = page.getByRole('link', { name: 'Terms', exact: true });
      await terms.waitFor();
      expect(await terms.getAttribute('href')).toBe('/terms');
      expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
      await expectNoAxeViolations(page);
      for (const [path, title] of [
        ['/terms', 'Terms of Use'],
        ['/privacy', 'Privacy Policy'],
      ]) {
        await page.goto(path as string);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
        expect(await page.title()).toBe(`${title} · ApplyHub`);
        await expectNoAxeViolations(page);
      }
    } finally {
      await page.context().close();
    }
  });
});
