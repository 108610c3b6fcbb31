/**
 * What the Lighthouse pages do on the main thread while they load, in figures the machine's load does
 * not move (issue 24 item 14): React commits and component renders until the page is idle, the scripts
 * it loads (count and bytes over the wire) and the API requests it makes. Debian's chromium loads /,
 * /browse, the Youth Orchestra program page and the demo applicant's application page (signed in) from
 * the built server on PGlite in demo mode.
 *
 * Commits are counted with a stub of React DevTools' global hook (`onCommitFiberRoot`), which the
 * production react-dom calls too; a component counts as rendered in a commit when its fiber did work
 * (the PerformedWork flag) and was not carried over unchanged from the previous commit.
 *
 * `npm run build && npx tsx bench/react-commits.ts` (BENCH_REACT_ROUNDS, default 3: the median is printed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { BENCH_CHROME_FLAGS, benchPages, CHROMIUM } from './lighthouse';
import { freePort, serverEnv, startChild, stopChild, waitReady } from './proc';

const ROUNDS = Number(process.env.BENCH_REACT_ROUNDS || 3);

// Runs before the page's scripts: react-dom finds the hook and reports every commit to it.
const HOOK = `(() => {
  const componentTags = new Set([0, 1, 11, 14, 15]);
  let previous = new WeakSet();
  const commits = [];
  window.__benchCommits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const seen = new WeakSet();
      let renders = 0;
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        seen.add(fiber);
        if (componentTags.has(fiber.tag) && !previous.has(fiber) && (fiber.flags & 1)) renders++;
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      previous = seen;
      commits.push(renders);
    },
  };
})();`;

interface Reading {
  commits: number;
  renders: number;
  scripts: number;
  scriptKb: number;
  apiRequests: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

export async function runReactCommitsBench(root: string, log: (line: string) => void = console.log) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-react-commits-'));
  const server = startChild(
    'react-commits server',
    ['dist/server/index.js'],
    serverEnv(port, dataDir, null),
    root,
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: BENCH_CHROME_FLAGS,
  });
  try {
    await waitReady(server, `${base}/api/health`);
    const { cookie, pages } = await benchPages(base);
    for (const { page, label, signedIn } of pages) {
      const readings: Reading[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        if (signedIn)
          await context.addCookies(
            cookie.split('; ').map((c) => {
              const [name, ...value] = c.split('=');
              return { name, value: value.join('='), domain: '127.0.0.1', path: '/' };
            }),
          );
        await context.addInitScript(HOOK);
        const tab = await context.newPage();
        await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
        await tab.waitForTimeout(1000);
        readings.push(
          await tab.evaluate(() => {
            const commits = (window as unknown as { __benchCommits: number[] }).__benchCommits;
            const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
            const scripts = resources.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
            return {
              commits: commits.length,
              renders: commits.reduce((sum, n) => sum + n, 0),
              scripts: scripts.length,
              scriptKb: Math.round(scripts.reduce((sum, e) => sum + e.encodedBodySize, 0) / 102.4) / 10,
              apiRequests: resources.filter((e) => new URL(e.name).pathname.startsWith('/api/')).length,
            };
          }),
        );
        await context.close();
      }
      log(
        `  ${label.padEnd(52)} React commits ${median(readings.map((x) => x.commits))}, component renders ${median(readings.map((x) => x.renders))}, scripts ${median(readings.map((x) => x.scripts))} (${median(readings.map((x) => x.scriptKb))} KB over the wire), API requests ${median(readings.map((x) => x.apiRequests))}`,
      );
    }
  } finally {
    await browser.close();
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // BENCH_ROOT: another checkout's build (a before/after comparison).
  const root = process.env.BENCH_ROOT || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  console.log(`React commits while each page loads (median of ${ROUNDS}; build in ${root})`);
  await runReactCommitsBench(root);
}
