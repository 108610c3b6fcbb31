/**
 * `npm run audit`: fails when a production dependency has a known vulnerability of high or critical
 * severity (npm's advisory database, `npm audit --omit=dev`). When the advisory endpoint cannot be
 * reached (an offline or filtered network, as on our CI machines), it passes with a notice saying
 * so: nothing was checked, and the log says it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Verdict =
  | { outcome: 'pass'; message: string }
  | { outcome: 'fail'; message: string }
  | { outcome: 'unchecked'; message: string };

const FAILING = new Set(['high', 'critical']);

/** What `npm audit --json` printed, judged. */
export function verdict(output: string): Verdict {
  let report: {
    vulnerabilities?: Record<string, { severity?: string; via?: unknown[] }>;
    message?: string;
    error?: { summary?: string };
  };
  try {
    report = JSON.parse(output);
  } catch {
    return {
      outcome: 'unchecked',
      message: 'npm audit printed no report (the advisory endpoint is unreachable).',
    };
  }
  if (!report.vulnerabilities) {
    const why = report.message ?? report.error?.summary ?? 'no report';
    return { outcome: 'unchecked', message: `the advisory endpoint could not be used: ${why}` };
  }
  const found = Object.entries(report.vulnerabilities).filter(([, v]) => FAILING.has(v.severity ?? ''));
  if (found.length > 0) {
    const list = found.map(([name, v]) => `${name} (${v.severity})`).join(', ');
    return { outcome: 'fail', message: `known-vulnerable production dependencies: ${list}` };
  }
  const total = Object.keys(report.vulnerabilities).length;
  return {
    outcome: 'pass',
    message: total ? `${total} low/moderate advisories, none high or critical` : 'no known vulnerabilities',
  };
}

function runAudit(): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { timeout: 60_000, maxBuffer: 32 * 1024 * 1024 },
      (_err, stdout) => resolve(stdout),
    );
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const result = verdict(await runAudit());
  if (result.outcome === 'unchecked') {
    console.log(`NOTICE: dependency audit skipped: ${result.message}`);
  } else
    console.log(`dependency audit ${result.outcome === 'pass' ? 'passed' : 'FAILED'}: ${result.message}`);
  process.exit(result.outcome === 'fail' ? 1 : 0);
}
