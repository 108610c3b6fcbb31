import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newPage, signInAs } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/**
 * A live program's form changes only with approval: the org admin's edit becomes pending ('Changes pending approval'),
 * the public page keeps the live form, the super admin approves, and an open editor follows.
 */

let app: RunningServer;
let browser: Browser;
const PROGRAM = '00000000-0000-4000-8000-de0400000001'; // Youth Orchestra Auditions: published, open
const NEW_QUESTION = 'Which orchestra section do you play in?';

beforeAll(async () => {
  [app, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function pageAs(email: string | null): Promise<Page> {
  const page = await newPage(browser, { baseURL: app.url });
  if (email) await signInAs(page.context(), app.url, email);
  return page;
}

describe('changing a live program', () => {
  it('keeps the live form until the super admin approves the update', async () => {
    const admin = await pageAs('admin@demo.test');
    const watcher = await pageAs('admin@demo.test');
    const superAdmin = await pageAs('super@demo.test');
    const visitor = await pageAs(null);
    const applicant = await pageAs('applicant@demo.test');
    try {
      const builder = `/org/riverside-arts/admin/programs/${PROGRAM}/builder`;
      await admin.goto(builder);
      await admin.getByRole('heading', { level: 1, name: 'Youth Orchestra Auditions' }).waitFor();
      await admin.getByRole('button', { name: 'Add Short text question' }).click();
      await admin.keyboard.type(NEW_QUESTION);
      await admin.getByRole('button', { name: 'Save draft' }).click();
      await admin
        .getByText('Changes saved as draft! These changes require super admin approval before going live.')
        .first()
        .waitFor();
      await admin.getByText('Changes pending approval', { exact: true }).first().waitFor();

      // The public page still shows the live form.
      await visitor.goto(`/programs/${PROGRAM}`);
      await visitor.getByRole('heading', { name: 'Application Details' }).waitFor();
      expect(await visitor.getByText(NEW_QUESTION).count()).toBe(0);

      // A second editor is open while the super admin acts.
      await watcher.goto(builder);
      await watcher.getByText('Changes pending approval', { exact: true }).first().waitFor();

      await superAdmin.goto('/super/programs');
      await superAdmin.getByRole('heading', { level: 1, name: 'Program Reviews' }).waitFor();
      await superAdmin.getByRole('button', { name: 'Approve Youth Orchestra Auditions' }).click();
      await superAdmin
        .getByText('Program Youth Orchestra Auditions has been approved and published.')
        .first()
        .waitFor();

      // The open editor reloads by itself (it had no unsaved edits).
      await watcher.getByText('Published', { exact: true }).first().waitFor();

      await visitor.reload();
      await visitor.getByText(NEW_QUESTION).waitFor();

      await applicant.goto(`/programs/${PROGRAM}/apply`);
      await applicant.getByText(NEW_QUESTION).waitFor();
      await expectNoAxeViolations(applicant);
    } finally {
      for (const page of [admin, watcher, superAdmin, visitor, applicant]) await page.context().close();
    }
  });
});
