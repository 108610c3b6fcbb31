import type { JobRunner } from '../../src/server/jobs/runtime';
import { closeTransport } from '../../src/server/mail/transport';
import { TestSmtp } from './smtp';
import { createTestApp, type TestApp } from './test-app';

/** A test app whose mail goes out to a real SMTP server started for it. */
export async function mailTestApp(): Promise<{ t: TestApp; smtp: TestSmtp }> {
  const smtp = await new TestSmtp().start();
  const t = await createTestApp({
    config: { mail: { smtpUrl: smtp.url, from: { name: 'ApplyHub', address: 'no-reply@applyhub.test' } } },
  });
  return { t, smtp };
}

/** Stops the job runner (if one was started), the app's mail transport, the SMTP server and the app. */
export async function stopMailTestApp(
  t: TestApp | undefined,
  smtp: TestSmtp | undefined,
  runner?: JobRunner | null,
): Promise<void> {
  await runner?.stop();
  if (t) await closeTransport(t.deps.config);
  await smtp?.stop();
  await t?.close();
}

/** The token of the letter link (`/letters/<token>`) in an email's text, or null. */
export function letterTokenIn(text: string | undefined): string | null {
  return /\/letters\/([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1] ?? null;
}
