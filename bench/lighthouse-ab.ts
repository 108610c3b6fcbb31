/**
 * Lighthouse A/B on the application pages (issue 29): two builds (`BENCH_AB_BEFORE`, a directory holding a
 * `dist/` of the "before" build; the current checkout's `dist/` is "after") each served by its own server
 * on PGlite in demo mode, measured alternately, round by round and page by page (A, B, then B, A), so
 * the machine's load falls on both alike. Per page and build: the median score (runs), FCP, LCP, TBT, the
 * scripts' bytes over the wire, the number of requests before the page's data request, and the main
 * thread's breakdown (Lighthouse's `mainthread-work-breakdown` and `bootup-time`), medians of the rounds.
 *
 * `npm run build && BENCH_AB_BEFORE=/tmp/before npx tsx bench/lighthouse-ab.ts`
 * (`BENCH_AB_ROUNDS`, default 3; `BENCH_LIGHTHOUSE_PAGES` as for the Lighthouse bench; default the two
 * application pages; `BENCH_LIGHTHOUSE_REPORTS=<dir>` keeps each run's report). Never asserts anything.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BENCH_CHROME_FLAGS, benchPages, CHROMIUM } from './lighthouse';
import { type Child, freePort, serverEnv, startChild, stopChild, waitReady } from './proc';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const before = process.env.BENCH_AB_BEFORE;
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS || 3);
const only = (process.env.BENCH_LIGHTHOUSE_PAGES || 'applications').split(',');
const reportsDir = process.env.BENCH_LIGHTHOUSE_REPORTS;

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  scripts: number;
  mainThread: Record<string, number>;
  bootup: Record<string, number>;
}

type Audit = { numericValue?: number; details?: { items?: Record<string, unknown>[] } };

function reading(lhr: {
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit>;
}): Run {
  const a = lhr.audits;
  const items = (id: string) => (a[id]?.details?.items ?? []) as Record<string, unknown>[];
  const scripts = items('network-requests').filter((r) => r.resourceType === 'Script');
  const mainThread: Record<string, number> = {};
  for (const row of items('mainthread-work-breakdown'))
    mainThread[String(row.group)] = Math.round(Number(row.duration));
  const bootup: Record<string, number> = {};
  for (const row of items('bootup-time')) {
    const url = String(row.url).replace(/^.*\/assets\//, '');
    bootup[url] = Math.round(Number(row.total));
  }
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: a['first-contentful-paint'].numericValue ?? Number.NaN,
    lcp: a['largest-contentful-paint'].numericValue ?? Number.NaN,
    tbt: a['total-blocking-time'].numericValue ?? Number.NaN,
    cls: a['cumulative-layout-shift'].numericValue ?? Number.NaN,
    scriptKb: scripts.reduce((s, r) => s + Number(r.transferSize ?? 0), 0) / 1024,
    scripts: scripts.length,
    mainThread,
    bootup,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((p, q) => p - q);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function serve(dir: string, name: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `applyhub-lh-${name}-`));
  const server: Child = startChild(
    `lighthouse ${name}`,
    ['dist/server/index.js'],
    serverEnv(port, dataDir, null),
    dir,
  );
  await waitReady(server, `${base}/api/health`);
  const { cookie, pages } = await benchPages(base);
  return { name, base, cookie, pages, server, dataDir };
}

async function main() {
  if (!before) throw new Error('Set BENCH_AB_BEFORE to a directory holding the "before" build in dist/.');
  const servers = [await serve(before, 'before'), await serve(root, 'after')];
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: BENCH_CHROME_FLAGS });
  const runs = new Map<string, Run[]>();
  try {
    const labels = servers[0].pages
      .filter((p) => only.some((part) => p.page.includes(part) || p.label.includes(part)))
      .map((p) => p.label);
    for (let r = 0; r < ROUNDS; r++) {
      for (const label of labels) {
        const order = r % 2 ? [...servers].reverse() : servers;
        for (const s of order) {
          const page = s.pages.find((p) => p.label === label);
          if (!page) continue;
          const load = os.loadavg()[0].toFixed(1);
          // A run Lighthouse itself could not finish says nothing about the page: run it again (twice at most).
          let result: Awaited<ReturnType<typeof lighthouse>>;
          let attempt = 0;
          do {
            result = await lighthouse(`${s.base}${page.page}`, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              ...(page.signedIn ? { extraHeaders: { Cookie: s.cookie } } : {}),
            });
          } while ((!result || result.lhr.runtimeError) && ++attempt < 3);
          if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${s.name} ${label}`);
          if (reportsDir)
            writeFileSync(
              path.join(reportsDir, `${s.name}-${label.replace(/\W+/g, '_')}-${r}.json`),
              JSON.stringify(result.lhr),
            );
          const run = reading(result.lhr as unknown as Parameters<typeof reading>[0]);
          const key = `${label}\t${s.name}`;
          runs.set(key, [...(runs.get(key) ?? []), run]);
          console.log(
            `round ${r + 1} ${label} ${s.name} (load ${load}): ${run.score}, TBT ${Math.round(run.tbt)} ms, LCP ${Math.round(run.lcp)} ms, JS ${run.scriptKb.toFixed(1)} KB in ${run.scripts}`,
          );
        }
      }
    }
    console.log('\npage | build | median score (runs) | FCP | LCP | TBT | JS KB (scripts) | main thread ms');
    for (const [key, list] of runs) {
      const [label, name] = key.split('\t');
      const groups = new Set(list.flatMap((x) => Object.keys(x.mainThread)));
      const thread = [...groups]
        .map((g) => [g, median(list.map((x) => x.mainThread[g] ?? 0))] as const)
        .sort((p, q) => q[1] - p[1])
        .map(([g, v]) => `${g} ${Math.round(v)}`)
        .join(', ');
      console.log(
        `${label} | ${name} | ${median(list.map((x) => x.score))} (${list.map((x) => x.score).join(', ')}) | ${Math.round(median(list.map((x) => x.fcp)))} | ${Math.round(median(list.map((x) => x.lcp)))} | ${Math.round(median(list.map((x) => x.tbt)))} | ${median(list.map((x) => x.scriptKb)).toFixed(1)} (${median(list.map((x) => x.scripts))}) | ${thread}`,
      );
      const urls = new Set(list.flatMap((x) => Object.keys(x.bootup)));
      const boot = [...urls]
        .map((u) => [u, median(list.map((x) => x.bootup[u] ?? 0))] as const)
        .sort((p, q) => q[1] - p[1])
        .slice(0, 6)
        .map(([u, v]) => `${u} ${Math.round(v)}`)
        .join(', ');
      console.log(`    bootup (ms): ${boot}`);
    }
  } finally {
    chrome.kill();
    for (const s of servers) {
      await stopChild(s.server);
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
