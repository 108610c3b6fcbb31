import { execSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** The flags DESIGN.md §6 prescribes for Debian's chromium. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Test speed (decision 050): pages share at most two renderer processes instead of one or more
  // each, so the many short-lived contexts of a run start fewer processes: the e2e suite ~10 % less
  // CPU and time on 2 cores. Every page of a test is one site (127.0.0.1), so isolation changes nothing.
  '--disable-site-isolation-trials',
  '--renderer-process-limit=2',
];

/** Path of Debian's chromium (`command -v chromium`), or a readable error. */
export function chromiumPath(): string {
  try {
    const found = execSync('command -v chromium', { shell: '/bin/sh', encoding: 'utf8' }).trim();
    if (found) return found;
  } catch {
    // falls through to the error below
  }
  throw new Error('chromium was not found on PATH: install it with `apt-get install -y chromium`.');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** Lets tests use page.goto('/path'). */
  baseURL?: string;
}

/**
 * A page in a fresh context of its own (cookies, storage); axe needs the context to exist first.
 * Close it with `await page.context().close()`.
 */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    baseURL: options.baseURL,
  });
  retryResets(context);
  return context.newPage();
}

const REQUEST_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch'] as const;

/**
 * The context's request client (`page.request` too) reuses idle keep-alive sockets, which the server
 * closes after 5 s idle: a request written at that moment is reset before the server reads it (a CI
 * run failed so on a GET). Browsers send such a request again themselves; Playwright only when asked.
 */
export function retryResets(context: BrowserContext) {
  const { request } = context;
  for (const method of REQUEST_METHODS) {
    const send = request[method].bind(request) as (url: unknown, options?: object) => Promise<unknown>;
    Object.assign(request, {
      [method]: (url: unknown, options?: object) => send(url, { maxRetries: 2, ...options }),
    });
  }
}

/**
 * Signs the browser context in as `email` through the demo sign-in (demo mode only), creating the
 * user when new. The session cookie lands in the context's cookie jar.
 */
export async function signInAs(
  context: BrowserContext,
  serverUrl: string,
  email: string,
  name?: string,
): Promise<{ id: string; email: string; name: string }> {
  const res = await context.request.post(`${serverUrl}/api/demo/sign-in`, {
    data: name === undefined ? { email } : { email, name },
    headers: { Origin: serverUrl },
  });
  if (res.status() !== 200) {
    throw new Error(`Demo sign-in as ${email} failed: ${res.status()} ${await res.text()}`);
  }
  const cookies = await context.cookies(serverUrl);
  if (!cookies.some((c) => c.name.includes('session_token'))) {
    throw new Error(`Demo sign-in as ${email} answered 200 but set no session cookie.`);
  }
  return (await res.json()).user;
}

export interface AxeOptions {
  /** CSS selectors to leave out (use sparingly, and say why at the call site). */
  exclude?: string[];
  disableRules?: string[];
}

/** Runs axe (WCAG 2.0/2.1 A and AA) on the page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  // Colours are measured on the settled page: a toast or dialog fading in is half transparent. Waits
  // until no finite animation or transition runs (a spinner's never ends), looking again after each
  // wait, since a toast mounted meanwhile starts its transition a frame later; at most 5 s.
  await page.evaluate(async () => {
    const deadline = performance.now() + 5000;
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (;;) {
      await frames();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
      const left = deadline - performance.now();
      if (running.length === 0 || left <= 0) return;
      await Promise.race([
        Promise.allSettled(running.map((a) => a.finished)),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  });
  // WCAG rules, and landmark-unique (a best practice): two regions named alike, such as a titled
  // section around a table labelled with the same words, read as one landmark twice.
  const rules: Record<string, { enabled: boolean }> = { 'landmark-unique': { enabled: true } };
  for (const rule of options.disableRules ?? []) rules[rule] = { enabled: false };
  let builder = new AxeBuilder({ page })
    .options({ rules })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // A frame whose sandbox forbids scripts (the email previews) makes axe.runPartial, the default,
  // never settle: the test then hangs until its timeout. axe.run (legacy mode) checks the same page,
  // the frame element too (frame-title), and skips only the frame's content, where axe cannot run.
  if ((await page.locator('iframe[sandbox]:not([sandbox~="allow-scripts"])').count()) > 0) {
    builder = builder.setLegacyMode();
  }
  // A toast's own timer may start its exit fade while axe runs (slow under load), and a half
  // transparent toast then fails colour contrast: toasts are frozen in their end state meanwhile.
  const freeze = await page.addStyleTag({
    content:
      '[data-sonner-toast], [data-sonner-toast] * { transition: none !important; animation: none !important; }',
  });
  const { violations } = await builder
    .analyze()
    .finally(() => freeze.evaluate((el) => el.parentNode?.removeChild(el)));
  if (violations.length === 0) return;
  const lines = violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
      .join('\n');
    const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
    return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
  });
  throw new Error(`${violations.length} accessibility violation(s) on ${page.url()}:\n${lines.join('\n')}`);
}
