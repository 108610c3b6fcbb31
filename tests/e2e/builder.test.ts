import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** The application builder: org editor, coalition editor, and the super admin's locked view. */

let app: RunningServer;
let browser: Browser;
let programId: string;
let superApprovalProgramId: string;

interface ProgramRow {
  id: string;
  name: string;
  review_status: string;
  requires_super_approval: boolean;
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
  // A draft program of riverside-arts that publishes without approval, and one that needs it.
  const page = await newPage(browser, { baseURL: app.url });
  await signInAs(page.context(), app.url, 'admin@demo.test');
  const res = await page.context().request.get(`${app.url}/api/orgs/riverside-arts/programs`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: ProgramRow[] };
  const drafts = items.filter((p) => p.review_status === 'draft');
  const direct = drafts.find((p) => !p.requires_super_approval);
  const approval = drafts.find((p) => p.requires_super_approval);
  if (!direct || !approval) throw new Error('the demo data has no suitable draft programs of riverside-arts');
  programId = direct.id;
  superApprovalProgramId = approval.id;
  await page.context().close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const builderPath = (id: string) => `/org/riverside-arts/admin/programs/${id}/builder`;

async function openBuilder(email: string, path: string, width = 1280, height = 900): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url, width, height });
  await signInAs(page.context(), app.url, email);
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();
  return page;
}

interface RouterState {
  status: string;
  matches: { routeId: string; status: string }[];
}

const rows = (page: Page) => page.locator('li[data-question-key]');

/** The labels of the questions, top to bottom. */
async function order(page: Page): Promise<string[]> {
  return rows(page)
    .getByRole('textbox', { name: /Label$/ })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
}

const row = (page: Page, label: string) =>
  rows(page).filter({ has: page.locator(`input[value="${label.replace(/"/g, '\\"')}"]`) });

async function editorApi(page: Page, id: string) {
  const res = await page.context().request.get(`${app.url}/api/programs/${id}/editor`);
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    version: number;
    review_status: string;
    form: { questions: { label: string }[] };
  };
}

describe('org editor', () => {
  it('adds one question of each type, reorders by mouse and keyboard, previews, saves, and the order persists', async () => {
    // Tall enough that the whole builder fits and nothing can scroll: dnd-kit auto-scrolls a list when
    // the pointer nears an edge, more the longer a drop takes, so a loaded machine dropped a row too far.
    const page = await openBuilder('admin@demo.test', builderPath(programId), 1280, 4000);
    try {
      await page.getByRole('heading', { level: 2, name: 'Common Application Options' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Reviewer Form' }).waitFor();
      const before = await order(page);

      const types = ['Short text', 'Long text', 'Date', 'Multiple choice', 'Checkbox', 'File upload'];
      for (const type of types) {
        await page.getByRole('button', { name: `Add ${type} question` }).click();
        // The new question's label input has focus, its text selected: typing replaces it.
        const label = rows(page)
          .last()
          .getByRole('textbox', { name: /Label$/ });
        expect(await label.inputValue()).toBe(type);
        await expect.poll(() => label.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.type(`E2E ${type}`);
      }
      await page.getByText('Unsaved changes').first().waitFor();
      const added = types.map((t) => `E2E ${t}`);
      expect(await order(page)).toEqual([...before, ...added]);
      // 'Hide from reviewers' lists the questions being edited, before they are saved (issue 33 item 16).
      const hide = page.getByRole('group', { name: 'Hide from reviewers' });
      for (const label of added) await hide.getByRole('checkbox', { name: label, exact: true }).waitFor();
      expect(await hide.getByText('No questions yet').count()).toBe(0);
      // New questions are not required.
      const checkboxRow = row(page, 'E2E Checkbox');
      expect(await checkboxRow.getByRole('checkbox', { name: /Required/ }).getAttribute('aria-checked')).toBe(
        'false',
      );

      // Drag with the mouse: 'E2E Checkbox' onto 'E2E Short text' (four rows up).
      const handle = checkboxRow.getByRole('button', { name: 'Reorder E2E Checkbox' });
      await checkboxRow.scrollIntoViewIfNeeded();
      const from = await checkboxRow.boundingBox();
      const to = await row(page, 'E2E Short text').boundingBox();
      const grip = await handle.boundingBox();
      if (!from || !to || !grip) throw new Error('rows are not visible');
      const x = grip.x + grip.width / 2;
      const y = grip.y + grip.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y - 10, { steps: 4 });
      await page.mouse.move(x, y + (to.y + to.height / 2 - (from.y + from.height / 2)), { steps: 20 });
      // Over the target (dnd-kit's live region says so) before letting go.
      await page
        .getByText(`E2E Checkbox was moved into position ${before.length + 1} of ${before.length + 6}.`)
        .waitFor({ state: 'attached' });
      await page.mouse.up();
      const dragged = [...before, 'E2E Checkbox', 'E2E Short text', 'E2E Long text', 'E2E Date'];
      dragged.push('E2E Multiple choice', 'E2E File upload');
      await expect.poll(() => order(page)).toEqual(dragged);

      // Drag with the keyboard: focus the handle, Space, ArrowDown, Space.
      const shortHandle = row(page, 'E2E Short text').getByRole('button', { name: 'Reorder E2E Short text' });
      await shortHandle.focus();
      await page.keyboard.press('Space');
      // The handle says it is being dragged (the announcement itself changes at once to 'moved into position').
      await expect.poll(() => shortHandle.getAttribute('aria-pressed')).toBe('true');
      // dnd-kit's keyboard sensor starts listening for arrows a tick after pick-up, so a press that
      // comes too early is lost: press again until the live region says the row moved (once).
      const movedDown = page.getByText(
        `E2E Short text was moved into position ${before.length + 3} of ${before.length + 6}.`,
      );
      for (let attempt = 0; attempt < 5; attempt++) {
        await page.keyboard.press('ArrowDown');
        const moved = await movedDown
          .waitFor({ state: 'attached', timeout: 2000 })
          .then(() => true)
          .catch(() => false);
        if (moved) break;
      }
      await movedDown.waitFor({ state: 'attached' });
      await page.keyboard.press('Space');
      await page.getByText(/E2E Short text was dropped into position/).waitFor({ state: 'attached' });
      const expected = [...before, 'E2E Checkbox', 'E2E Long text', 'E2E Short text', 'E2E Date'];
      expected.push('E2E Multiple choice', 'E2E File upload');
      await expect.poll(() => order(page)).toEqual(expected);

      // Move up / Move down buttons work too (and back again).
      await page.getByRole('button', { name: 'Move E2E Date up' }).click();
      expect((await order(page)).indexOf('E2E Date')).toBe(expected.indexOf('E2E Date') - 1);
      await page.getByRole('button', { name: 'Move E2E Date down' }).click();
      expect(await order(page)).toEqual(expected);

      // Client-side validation: a multiple choice question without options is refused, focus goes there.
      const options = row(page, 'E2E Multiple choice').getByRole('textbox', { name: /Options/ });
      await options.fill('\n  \n');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: '"E2E Multiple choice" needs at least one option.' })
        .waitFor();
      // Focus moves after the alert renders (the next frame): wait for it rather than read it once.
      await expect.poll(() => options.evaluate((el) => el === document.activeElement)).toBe(true);
      await options.fill('Red\n\nBlue\n');

      // Preview: the form as applicants see it.
      await page.getByRole('button', { name: 'Preview' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('The application as applicants see it.').waitFor();
      await dialog.getByLabel('E2E Long text').waitFor();
      expect(await dialog.locator('option').allTextContents()).toEqual(
        expect.arrayContaining(['Red', 'Blue']),
      );
      // The applicant's own inputs, locked: the word counter, and for a file what may be uploaded.
      await dialog
        .getByText(/^0\/\d+ words$/)
        .first()
        .waitFor();
      await dialog
        .getByText(/^Accepted files: .*PDF.*; up to 50 MB\.$/)
        .first()
        .waitFor();
      expect(await dialog.getByLabel('E2E Long text').isDisabled()).toBe(true);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText('Saved!', { exact: true }).waitFor();
      await page.getByText('All changes saved.').waitFor();

      const saved = await editorApi(page, programId);
      expect(saved.form.questions.map((q) => q.label)).toEqual(expected);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();
      await rows(page).first().waitFor();
      expect(await order(page)).toEqual(expected);
      // Blank options were dropped when saved.
      expect(
        await row(page, 'E2E Multiple choice')
          .getByRole('textbox', { name: /Options/ })
          .inputValue(),
      ).toBe('Red\nBlue');
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('is axe-clean and usable at phone width', async () => {
    const page = await openBuilder('admin@demo.test', builderPath(programId), 375);
    try {
      await page.getByRole('button', { name: 'Publish' }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('saves the reviewer form and refuses duplicate decision options', async () => {
    const page = await openBuilder('admin@demo.test', builderPath(programId));
    try {
      await page.getByRole('checkbox', { name: 'Show decision' }).click();
      await page.getByRole('textbox', { name: 'Decision option 1' }).waitFor();
      await page.getByRole('button', { name: 'Add option' }).click();
      await page.getByRole('textbox', { name: 'Decision option 4' }).fill('Accept');
      await page.getByRole('button', { name: 'Save reviewer form' }).click();
      await page.getByText('Duplicate decision option: Accept').waitFor();
      await page.getByRole('textbox', { name: 'Decision option 4' }).fill('interview');
      await page.getByRole('button', { name: 'Save reviewer form' }).click();
      await page.getByText('Reviewer form saved successfully').waitFor();
      const res = await page.context().request.get(`${app.url}/api/programs/${programId}/review-form`);
      expect(await res.json()).toMatchObject({
        show_decision: true,
        decision_options: ['accept', 'waitlist', 'reject', 'interview'],
      });
    } finally {
      await page.context().close();
    }
  });

  it('keeps unsaved edits when a save meets a newer version (409), and offers to keep or reload', async () => {
    const page = await openBuilder('admin@demo.test', builderPath(programId));
    try {
      // No realtime here, so the stale version is only discovered by the save.
      await page.route('**/api/events**', (route) => route.abort());
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Edit Application/ }).waitFor();
      await rows(page).first().waitFor();
      const current = await editorApi(page, programId);
      const mine = rows(page)
        .first()
        .getByRole('textbox', { name: /Label$/ });
      await mine.fill('My unsaved label');

      // Someone else saves first.
      const theirs = structuredClone(current.form) as { questions: { label: string }[] };
      (theirs.questions[1] as { label: string }).label = 'Their label';
      const put = await page.context().request.put(`${app.url}/api/programs/${programId}/form`, {
        data: { form: theirs, version: current.version, editor: 'org' },
        headers: { Origin: app.url },
      });
      expect(put.status()).toBe(200);

      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText(/Someone else changed this program, so your changes were not saved/).waitFor();
      expect(await mine.inputValue()).toBe('My unsaved label');

      // Keep my edits: the next save goes over the latest version.
      await page.getByRole('button', { name: 'Keep my edits' }).click();
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText('Saved!', { exact: true }).waitFor();
      const after = await editorApi(page, programId);
      expect(after.form.questions[0]?.label).toBe('My unsaved label');
      expect(after.version).toBeGreaterThan(current.version);
    } finally {
      await page.context().close();
    }
  });
});

describe('realtime', () => {
  it('a second editor shows a notice over unsaved edits, reloads, and follows a publish', async () => {
    const first = await openBuilder('admin@demo.test', builderPath(programId));
    const second = await openBuilder('admin@demo.test', builderPath(programId));
    try {
      await rows(second).first().waitFor();
      // Unsaved edits in the second editor are not replaced silently.
      await rows(second)
        .last()
        .getByRole('textbox', { name: /Label$/ })
        .fill('Second editor edit');
      await rows(first).first().waitFor();
      await first.getByRole('button', { name: 'Add Date question' }).click();
      await first.keyboard.type('Added by the first editor');
      await first.getByRole('button', { name: 'Save draft' }).click();
      await first.getByText('Saved!', { exact: true }).waitFor();

      await second.getByText(/This program was changed elsewhere/).waitFor();
      expect(await order(second)).not.toContain('Added by the first editor');
      await second.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => order(second)).toContain('Added by the first editor');
      expect(await order(second)).not.toContain('Second editor edit');

      // The first publishes: the second (no unsaved edits) reloads by itself.
      await second.getByText('Draft', { exact: true }).waitFor();
      await first.getByRole('button', { name: 'Publish' }).click();
      await first.getByRole('button', { name: 'Publish now' }).click();
      await first
        .getByText("Program published successfully! It's now live and visible to applicants.")
        .waitFor();
      await second.getByText('Published', { exact: true }).waitFor();
      // …and the first goes back to the programs list when they choose.
      await first.getByRole('link', { name: 'Back to programs' }).click();
      await first.waitForURL(/\/org\/riverside-arts\/admin\/programs$/);
    } finally {
      await first.context().close();
      await second.context().close();
    }
  });
});

describe('approval and roles', () => {
  it('submits a program that needs approval; the submitted form is locked until Edit', async () => {
    const page = await openBuilder('admin@demo.test', builderPath(superApprovalProgramId));
    try {
      await page.getByText('Publishing needs super admin approval.').waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await page
        .getByText('Program submitted for super admin approval. It will be published once approved.')
        .waitFor();
      await page.getByRole('link', { name: 'Back to programs' }).click();
      await page.waitForURL(/\/org\/riverside-arts\/admin\/programs$/);

      await page.goto(builderPath(superApprovalProgramId));
      await page.getByText(/submitted for super admin approval\. The form is locked/).waitFor();
      expect(await page.getByRole('button', { name: 'Save draft' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Add Date question' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      expect(await page.getByRole('button', { name: 'Save draft' }).isDisabled()).toBe(false);
      await page.getByRole('button', { name: 'Add Date question' }).waitFor();
      await page.getByRole('button', { name: 'Cancel Edit' }).click();
      expect(await page.getByRole('button', { name: 'Add Date question' }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('shows the super admin a locked editor without save or publish; preview still works', async () => {
    const page = await openBuilder('super@demo.test', `/super/programs/${programId}/builder`);
    try {
      await page.getByText(/viewing this editor as a super admin/).waitFor();
      expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Reorder / }).count()).toBe(0);
      expect(
        await rows(page)
          .first()
          .getByRole('textbox', { name: /Label$/ })
          .isDisabled(),
      ).toBe(true);
      await page.getByRole('link', { name: 'Back to programs' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to programs' }).getAttribute('href')).toBe(
        '/super/programs',
      );
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('dialog').getByText('The application as applicants see it.').waitFor();
      await page.keyboard.press('Escape');
      await expectNoAxeViolations(page);
    } finally {
      await page.context().close();
    }
  });

  it('opens the coalition editor with its note; unknown programs and coalitions go to /unauthorized', async () => {
    const page = await openBuilder(
      'coalition@demo.test',
      `/coalition/metro-arts-coalition/cm/programs/${programId}/builder`,
    );
    try {
      await page
        .getByText(
          'changes to Common Application Options and Application Builder require super admin approval',
        )
        .waitFor();
      expect(await page.getByRole('link', { name: 'Back to programs' }).getAttribute('href')).toBe(
        '/coalition/metro-arts-coalition/cm',
      );
      await expectNoAxeViolations(page);

      await page.goto(
        '/coalition/metro-arts-coalition/cm/programs/00000000-0000-4000-8000-00000000dead/builder',
      );
      await page.waitForURL(/\/unauthorized$/);
      await page.goto(`/coalition/no-such-coalition/cm/programs/${programId}/builder`);
      await page.waitForURL(/\/unauthorized$/);
      // A program id that is not a UUID renders nothing: once the router has resolved the builder route
      // (guards answered) and painted it, there is no heading and the editor never asked for a program.
      const programRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/programs/')) programRequests.push(r.url());
      });
      await page.goto('/coalition/metro-arts-coalition/cm/programs/not-a-uuid/builder');
      await page.waitForFunction(() => {
        // TanStack Router's own handle on the page (it sets it in every build).
        const state = (window as unknown as { __TSR_ROUTER__?: { state: RouterState } }).__TSR_ROUTER__
          ?.state;
        const leaf = state?.matches.at(-1);
        return (
          state?.status === 'idle' &&
          leaf?.routeId === '/_authed/coalition/$slug/cm/programs/$programId/builder' &&
          leaf.status === 'success'
        );
      });
      await page.evaluate(
        () => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))),
      );
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
      expect(await page.getByText('Checking access…').count()).toBe(0);
      expect(programRequests).toEqual([]);
      expect(page.url()).toMatch(/not-a-uuid\/builder$/);
      // The coalition landing still renders as the layout's index.
      await page.goto('/coalition/metro-arts-coalition/cm');
      await page.getByRole('heading', { level: 1, name: 'Metro Arts Coalition' }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
