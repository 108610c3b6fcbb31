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
  /** Lighthouse's measure of this machine's CPU (`environment.benchmarkIndex`), median of the runs. */
  benchmarkIndex: number;
}

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
export const BENCH_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-sync',
];

const json = async (res: Response, what: string) => {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json();
};

/**
 * The large form of issue 29's Lighthouse goal: 40 questions in 4 sections of 10, 10 conditions (some
 * chained) and a budget table (item, amount) with its live total.
 */
export function largeForm() {
  const sections = ['About you', 'Your project', 'Budget', 'Last words'].map((title, i) => ({
    key: `s${i + 1}`,
    title,
  }));
  type Q = Record<string, unknown>;
  const questions: Q[] = [];
  const add = (section: number, q: Q) => questions.push({ required: false, ...q, section: `s${section}` });
  const when = (question: string, op: string, value: unknown) => ({
    showIf: { join: 'all', rules: [{ question, op, value }] },
  });
  for (let s = 1; s <= 4; s++) {
    const k = (n: number) => `q${s}_${n}`;
    add(s, {
      key: k(1),
      type: 'select',
      label: `Category ${s}`,
      options: ['Arts', 'Science', 'Other'],
      required: true,
    });
    add(s, { key: k(2), type: 'short_text', label: `Title ${s}`, required: true, maxLength: 120 });
    add(s, { key: k(3), type: 'long_text', label: `Describe part ${s}`, maxWords: 300, required: true });
    add(s, { key: k(4), type: 'yes_no', label: `Have you applied before (${s})?` });
    add(s, {
      key: k(5),
      type: 'short_text',
      label: `When did you apply (${s})?`,
      ...when(k(4), 'equals', 'yes'),
    });
    add(s, {
      key: k(6),
      type: 'number',
      label: `Years of experience (${s})`,
      min: 0,
      max: 80,
      integer: true,
    });
    add(s, {
      key: k(7),
      type: 'long_text',
      label: `Tell us about your experience (${s})`,
      ...when(k(6), 'at_least', 2),
    });
    add(s, { key: k(8), type: 'date', label: `Start date ${s}` });
    add(
      s,
      s === 3
        ? {
            key: k(9),
            type: 'table',
            label: 'Budget',
            columns: [
              { key: 'item', label: 'Item', type: 'text' },
              { key: 'amount', label: 'Amount', type: 'number' },
            ],
            minRows: 1,
            maxRows: 20,
            totalColumn: 'amount',
          }
        : {
            key: k(9),
            type: 'multi_select',
            label: `Topics ${s}`,
            options: ['Music', 'Dance', 'Film', 'Writing'],
          },
    );
    add(s, {
      key: k(10),
      type: 'short_text',
      label: s === 3 ? 'Other funding' : `Other category (${s})`,
      ...(s === 3 ? {} : when(k(1), 'equals', 'Other')),
    });
  }
  // 4 × 2 conditions above (the "Other category" ones on sections 1, 2 and 4: 11); keep 10.
  delete questions.find((q) => q.key === 'q4_10')?.showIf;
  return { questions, sections };
}

/** Publishes the large form (as the demo org admin; approved by the demo super admin when it must be). */
async function largeFormProgram(base: string) {
  const admin = await demoSignIn(base, 'admin@demo.test');
  const headers = { cookie: admin, origin: base, 'content-type': 'application/json' };
  const { id } = await json(
    await fetch(`${base}/api/orgs/riverside-arts/programs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Large Form Grant', type: 'application' }),
    }),
    'create the large-form program',
  );
  const editor = await json(await fetch(`${base}/api/programs/${id}/editor`, { headers }), 'editor');
  const published = await json(
    await fetch(`${base}/api/programs/${id}/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ form: { ...editor.form, ...largeForm() }, version: editor.version }),
    }),
    'publish the large form',
  );
  if (published.outcome === 'submitted') {
    const superCookie = await demoSignIn(base, 'super@demo.test');
    await json(
      await fetch(`${base}/api/programs/${id}/approve`, {
        method: 'POST',
        headers: { cookie: superCookie, origin: base },
      }),
      'approve the large form',
    );
  }
  return id as string;
}

/** A draft of the large form with a third of it answered (so some conditional questions show). */
async function largeFormDraft(base: string, cookie: string) {
  const program = await largeFormProgram(base);
  const { id } = await json(
    await fetch(`${base}/api/programs/${program}/applications`, {
      method: 'POST',
      headers: { cookie, origin: base },
    }),
    'start the large-form application',
  );
  const answers: Record<string, unknown> = {};
  for (let s = 1; s <= 4; s++) {
    answers[`q${s}_1`] = s === 2 ? 'Other' : 'Arts';
    answers[`q${s}_2`] = `Project part ${s}`;
    answers[`q${s}_3`] = 'A description of this part of the project, several sentences long. '.repeat(6);
    answers[`q${s}_4`] = s % 2 ? 'yes' : 'no';
    answers[`q${s}_6`] = s + 1;
  }
  answers.q3_9 = {
    rows: [
      { item: 'Instruments', amount: 1200 },
      { item: 'Hall', amount: 800 },
      { item: 'Travel', amount: 450 },
    ],
  };
  answers.q3_10 = 'A local arts council grant of 500';
  await json(
    await fetch(`${base}/api/applications/${id}/answers`, {
      method: 'PUT',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ answers, version: 1 }),
    }),
    'save the large-form answers',
  );
  return id as string;
}

/**
 * The measured pages on a started server: the demo applicant signs in and starts an application,
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
  const large = await largeFormDraft(base, cookie);
  const pages: { page: string; label: string; signedIn: boolean }[] = [
    { page: '/', label: '/', signedIn: false },
    { page: '/browse', label: '/browse', signedIn: false },
    { page: `/programs/${program}`, label: `/programs/${program}`, signedIn: false },
    { page: `/applications/${appId}`, label: '/applications/{id}', signedIn: true },
    // Issue 29: 40 questions in 4 sections, 10 conditions, a budget.
    { page: `/applications/${large}`, label: '/applications/{id} (40 questions)', signedIn: true },
  ];
  return { cookie, pages };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

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
      if (only && !only.some((part) => page.includes(part) || label.includes(part))) continue;
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
          benchmarkIndex: lhr.environment.benchmarkIndex,
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
        benchmarkIndex: Math.round(median(runs.map((x) => x.benchmarkIndex))),
      };
      out.push(row);
      log(
        `  Lighthouse mobile ${row.page}: ${row.medianScore} (runs ${row.scores.join(', ')}), FCP ${row.fcpMs} ms, LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}, benchmark index ${row.benchmarkIndex}`,
      );
    }
    return out;
  } finally {
    chrome.kill();
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
