/**
 * Lighthouse (mobile, the default config: emulated Moto G Power, slow 4G, 4× CPU slowdown) with Debian's
 * chromium against the built server on PGlite in demo mode: /, /browse, a program page and the
 * application page (signed in as the demo applicant). Scores and LCP/CLS/TBT as measured; each page is
 * run `rounds` times and the median score reported. The machine is shared: compare runs only from it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { demoProgramId } from '../src/server/db/seed/ids';
import { demoSignIn } from './load';
import { freePort, startChild, stopChild, waitReady } from './proc';

export interface LighthousePage {
  page: string;
  scores: number[];
  medianScore: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
export const BENCH_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-sync',
];

/**
 * The four measured pages on a started server: the demo applicant signs in and starts an application,
 * whose page is the fourth (read with `cookie`).
 */
export async function benchPages(base: string) {
  const cookie = await demoSignIn(base, 'applicant@demo.test');
  const program = demoProgramId(1);
  const started = await fetch(`${base}/api/programs/${program}/applications`, {
    method: 'POST',
    headers: { cookie, origin: base },
  });
  const { id: appId } = (await started.json()) as { id: string };
  const pages: { page: string; label: string; signedIn: boolean }[] = [
    { page: '/', label: '/', signedIn: false },
    { page: '/browse', label: '/browse', signedIn: false },
    { page: `/programs/${program}`, label: `/programs/${program}`, signedIn: false },
    { page: `/applications/${appId}`, label: '/applications/{id}', signedIn: true },
  ];
  return { cookie, pages };
}

export async function runLighthouseBench(
  root: string,
  envFor: (port: number, dataDir: string) => NodeJS.ProcessEnv,
  log: (line: string) => void,
  rounds = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS || 2),
  only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? null,
): Promise<LighthousePage[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-lighthouse-'));
  const server = startChild('lighthouse server', ['dist/server/index.js'], envFor(port, dataDir), root);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: BENCH_CHROME_FLAGS,
  });
  try {
    await waitReady(server, `${base}/api/health`);
    const { cookie, pages } = await benchPages(base);
    const out: LighthousePage[] = [];
    for (const { page, label, signedIn } of pages) {
      if (only && !only.some((part) => page.includes(part))) continue;
      const runs = [];
      let failures = 0;
      for (let r = 0; r < rounds; r++) {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        if (!result) throw new Error(`lighthouse gave no result for ${page}`);
        const { lhr } = result;
        const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
        if (reports)
          writeFileSync(path.join(reports, `${page.replace(/\W+/g, '_')}-${r}.json`), JSON.stringify(lhr));
        // A run Lighthouse itself could not finish (it scores 0) says nothing about the page: say so
        // and run again, at most twice per page.
        if (lhr.runtimeError) {
          log(`  Lighthouse ${page}: run failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
          if (++failures > 2) throw new Error(`Lighthouse failed ${failures} times on ${page}`);
          r--;
          continue;
        }
        runs.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcp: lhr.audits['first-contentful-paint'].numericValue ?? Number.NaN,
          lcp: lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN,
          tbt: lhr.audits['total-blocking-time'].numericValue ?? Number.NaN,
          cls: lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN,
        });
      }
      runs.sort((a, b) => a.score - b.score);
      const mid = runs[Math.floor((runs.length - 1) / 2)];
      const row: LighthousePage = {
        page: label,
        scores: runs.map((x) => x.score),
        medianScore: mid.score,
        fcpMs: Math.round(mid.fcp),
        lcpMs: Math.round(mid.lcp),
        tbtMs: Math.round(mid.tbt),
        cls: Math.round(mid.cls * 1000) / 1000,
      };
      out.push(row);
      log(
        `  Lighthouse mobile ${row.page}: ${row.medianScore} (runs ${row.scores.join(', ')}), FCP ${row.fcpMs} ms, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}`,
      );
    }
    return out;
  } finally {
    chrome.kill();
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
