import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageMessages } from '../../src/shared/domain/stages';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 32 (decision 066), the org admin's builder: add a second stage from the builder (1280 and
 * 375 px, by mouse and by keyboard), switch between the stages, build a question on stage 2, set its
 * stage setting (and see a failed save said and undone), publish it; the programs list shows the
 * stage under its program and Copy copies the chain; the server's words for an eleventh stage. Axe on
 * each new screen and state.
 */

let app: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const ORG = 'riverside-arts';
const builderPath = (id: string) => `/org/${ORG}/admin/programs/${id}/builder`;
const uuidIn = (url: string) => /programs\/([0-9a-f-]{36})\/builder/.exec(url)?.[1] ?? '';

async function adminPage(width: number, height = 900): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width, height });
  await signInAs(page.context(), app.url, 'admin@demo.test');
  return page;
}

async function call(page: Page, method: 'get' | 'post' | 'put', path: string, data?: unknown) {
  const res = await page.request[method](`${app.url}${path}`, { headers: { Origin: app.url }, data });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

/** A live one-stage program of the demo organization, made through the API. */
async function liveProgram(page: Page, name: string): Promise<string> {
  const { id } = await call(page, 'post', `/api/orgs/${ORG}/programs`, { name });
  const editor = await call(page, 'get', `/api/programs/${id}/editor`);
  const done = await call(page, 'post', `/api/programs/${id}/publish`, {
    form: {
      ...editor.form,
      questions: [{ key: 'q_title', type: 'short_text', label: 'Project title', required: true }],
    },
    version: editor.version,
    editor: 'org',
  });
  expect(done.outcome).toBe('published');
  return id;
}

const stages = (page: Page) => page.getByRole('navigation', { name: 'Stages' });
const tab = (page: Page, name: string) => stages(page).getByRole('link', { name: new RegExp(`^${name}`) });
const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name: new RegExp(`^${name}`) }).waitFor();

describe('the builder’s stages', () => {
  it('adds a second stage at 1280 px, switches, builds it, sets its setting and publishes it', async () => {
    const NAME = 'Youth Grants';
    const STAGE = 'Full proposal';
    const page = await adminPage(1280);
    try {
      const stage1 = await liveProgram(page, NAME);
      await page.goto(builderPath(stage1));
      await heading(page, NAME);
      // One stage: no strip, only an unobtrusive "Add stage".
      const add = page.getByRole('button', { name: 'Add stage' });
      await add.waitFor();
      expect(await stages(page).count()).toBe(0);
      await expectNoAxeViolations(page);

      await add.click();
      const dialog = page.getByRole('dialog', { name: 'Add a stage' });
      const name = dialog.getByRole('textbox', { name: /^Name/ });
      expect(await name.inputValue()).toBe('Stage 2');
      await expectNoAxeViolations(page);
      // The name is required: said beside the field, focus there.
      await name.fill('  ');
      await dialog.getByRole('button', { name: 'Add stage' }).click();
      await dialog.getByText('Enter a name for the stage.').waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectNoAxeViolations(page);
      await name.fill(STAGE);
      await dialog.getByRole('checkbox', { name: 'Copy the reviewer form of the previous stage' }).click();
      await dialog.getByRole('button', { name: 'Add stage' }).click();

      // The new stage's own builder, with a toast.
      await page.waitForURL((url) => uuidIn(url.pathname) !== '' && uuidIn(url.pathname) !== stage1);
      const stage2 = uuidIn(new URL(page.url()).pathname);
      await heading(page, STAGE);
      await page.getByText(`Stage 2 added: ${STAGE}`).waitFor();
      expect(await tab(page, `Stage 2 · ${STAGE}`).getAttribute('aria-current')).toBe('page');
      expect(await tab(page, `Stage 1 · ${NAME}`).getAttribute('aria-current')).toBeNull();
      await page.getByText(`Stage 2 of ${NAME} · `, { exact: false }).waitFor();
      await page
        .getByText(`By invitation only: applicants of ${NAME} you invite from the`, { exact: false })
        .waitFor();
      expect(await page.getByRole('link', { name: 'Applications Inbox' }).getAttribute('href')).toBe(
        `/org/${ORG}/admin/reviews?program=${stage1}`,
      );
      const chain = await call(page, 'get', `/api/programs/${stage1}/stages`);
      expect(chain.items.map((s: { id: string; name: string }) => [s.id, s.name])).toEqual([
        [stage1, NAME],
        [stage2, STAGE],
      ]);
      await expectNoAxeViolations(page);

      // Switch to stage 1 and back: each stage opens its own builder.
      await tab(page, `Stage 1 · ${NAME}`).click();
      await heading(page, NAME);
      expect(await tab(page, `Stage 1 · ${NAME}`).getAttribute('aria-current')).toBe('page');
      // Stage 1 still has its question; its screening card is its own.
      await page.locator('input[value="Project title"]').waitFor();
      await tab(page, `Stage 2 · ${STAGE}`).click();
      await heading(page, STAGE);
      expect(await page.locator('li[data-question-key]').count()).toBe(0);

      // The stage setting: saved on change, its state said; a failed save is said and undone.
      const setting = page.getByRole('checkbox', {
        name: "Show reviewers of this stage the previous stage's score and decision",
      });
      await page.route('**/api/programs/*/stage-settings', (route) => route.abort());
      await setting.click();
      const failed = page.getByRole('alert').filter({ hasText: 'Network error.' });
      await failed.waitFor();
      expect(await setting.getAttribute('aria-checked')).toBe('false');
      await expectNoAxeViolations(page);
      await page.unroute('**/api/programs/*/stage-settings');
      await setting.click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Saved\.$/ })
        .waitFor();
      expect(await failed.count()).toBe(0);
      expect(await setting.getAttribute('aria-checked')).toBe('true');
      const saved = await call(page, 'get', `/api/programs/${stage2}/stages`);
      expect(saved.items[1].show_previous_scores).toBe(true);
      await expectNoAxeViolations(page);

      // Build a question on stage 2 with the same builder.
      await page.getByRole('button', { name: 'Add Long text question' }).click();
      const label = page
        .locator('li[data-question-key]')
        .last()
        .getByRole('textbox', { name: /Label$/ });
      await expect.poll(() => label.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('Project plan');

      // Publish: the words of a stage, not of a public program.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Publish this stage?' });
      await confirm.getByText('by invitation only', { exact: false }).waitFor();
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Publish now' }).click();
      const done = page.getByRole('dialog', { name: 'Stage 2 is live' });
      await done.getByText(stageMessages.stagePublished).waitFor();
      expect(await done.getByRole('link', { name: 'View program' }).count()).toBe(0);
      expect(await done.getByRole('link', { name: 'Open the Applications Inbox' }).getAttribute('href')).toBe(
        `/org/${ORG}/admin/reviews?program=${stage1}`,
      );
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await done.waitFor({ state: 'detached' });
      await tab(page, `Stage 2 · ${STAGE}`).getByText('Live').waitFor();
      const editor = await call(page, 'get', `/api/programs/${stage2}/editor`);
      expect(editor).toMatchObject({ published: true, parent_program_id: stage1, stage_number: 2 });
      expect(editor.form.questions.map((q: { label: string }) => q.label)).toEqual(['Project plan']);

      // The programs list: the stage right under its program; Copy copies the chain.
      await page.goto(`/org/${ORG}/admin/programs`);
      const table = page.getByRole('group', { name: 'Programs' });
      const rowNames = () =>
        table.getByRole('rowheader').evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));
      await table.getByRole('rowheader', { name: new RegExp(`^${STAGE}`) }).waitFor();
      const names = await rowNames();
      const at = names.indexOf(`${NAME}2 stages`);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(names[at + 1]).toBe(`${STAGE}Stage 2 of ${NAME}`);
      await page.getByText('Copy of a program in stages copies all its stages', { exact: false }).waitFor();
      await expectNoAxeViolations(page);
      await table.getByRole('button', { name: `Copy ${NAME}`, exact: true }).click();
      await page.getByText(`Copied as a new draft with its 2 stages: ${NAME} (copy)`).waitFor();
      await expect.poll(rowNames).toContain(`${STAGE}Stage 2 of ${NAME} (copy)`);
      const after = await rowNames();
      expect(after[after.indexOf(`${NAME} (copy)2 stages`) + 1]).toBe(`${STAGE}Stage 2 of ${NAME} (copy)`);
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('adds a stage by keyboard at 375 px, and says the server’s words for an eleventh', async () => {
    const NAME = 'Harbor Residency';
    const page = await adminPage(375, 800);
    try {
      const stage1 = await liveProgram(page, NAME);
      await page.goto(builderPath(stage1));
      await heading(page, NAME);
      const add = page.getByRole('button', { name: 'Add stage' });
      await add.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add a stage' });
      const name = dialog.getByRole('textbox', { name: /^Name/ });
      // Focus starts in the name; Escape closes and gives focus back.
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await noOverflow(page)).toBe(true);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press('Enter');
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Audition');
      // Tab to the second checkbox (the first, then the second), Space ticks it, Enter in the name submits.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const show = dialog.getByRole('checkbox', {
        name: "Show reviewers of this stage the previous stage's score and decision",
      });
      await expect.poll(() => show.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Space');
      expect(await show.getAttribute('aria-checked')).toBe('true');
      await name.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => uuidIn(url.pathname) !== '' && uuidIn(url.pathname) !== stage1);
      const stage2 = uuidIn(new URL(page.url()).pathname);
      await heading(page, 'Audition');
      expect(await tab(page, 'Stage 2 · Audition').getAttribute('aria-current')).toBe('page');
      // The choice made in the dialog is the stage's setting.
      expect(
        await page
          .getByRole('checkbox', {
            name: "Show reviewers of this stage the previous stage's score and decision",
          })
          .getAttribute('aria-checked'),
      ).toBe('true');
      expect(await noOverflow(page)).toBe(true);
      await expectNoAxeViolations(page);

      // Stages 3 to 10 through the API; the eleventh is refused in the server's words.
      for (let n = 3; n <= 10; n++) await call(page, 'post', `/api/programs/${stage1}/stages`, {});
      await page.reload();
      await heading(page, 'Audition');
      await tab(page, 'Stage 10 · Stage 10').waitFor({ state: 'attached' });
      expect(await noOverflow(page)).toBe(true);
      // Switch to the last stage (the strip scrolls sideways at this width, the page does not).
      await tab(page, 'Stage 10 · Stage 10').click();
      await heading(page, 'Stage 10');
      expect(await tab(page, 'Stage 10 · Stage 10').getAttribute('aria-current')).toBe('page');
      expect(await tab(page, 'Stage 2 · Audition').getAttribute('aria-current')).toBeNull();
      const stage10 = new URL(page.url()).pathname;
      expect(stage10).not.toBe(builderPath(stage2));
      await stages(page).getByRole('button', { name: 'Add stage' }).click();
      expect(await name.inputValue()).toBe('Stage 11');
      await dialog.getByRole('button', { name: 'Add stage' }).click();
      await dialog.getByRole('alert').filter({ hasText: stageMessages.tooManyStages }).waitFor();
      expect(new URL(page.url()).pathname).toBe(stage10);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      // The list at 375 px: the stage's card says whose stage it is.
      await page.goto(`/org/${ORG}/admin/programs`);
      const table = page.getByRole('group', { name: 'Programs' });
      await table.getByRole('rowheader', { name: new RegExp(`^Audition\\s*Stage 2 of ${NAME}$`) }).waitFor();
      expect(await noOverflow(page)).toBe(true);
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });
});
