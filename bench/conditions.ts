/**
 * Conditional questions (issue 29, decision 057): what a save of a 100-question form costs the server's
 * answer rules (cleanAnswers and the required check, the only code a condition adds to a save; the
 * write itself is the same statement) with 30 conditions and without. Prints; never asserts.
 */
import { cleanAnswers } from '../src/shared/domain/answer-values';
import { missingRequiredLabels } from '../src/shared/domain/answers';
import type { ApplicationForm, Question } from '../src/shared/schemas/forms';
import { round, timing } from './stats';

const OPTIONS = ['Yes', 'No', 'Maybe'];

export function form(conditions: number): ApplicationForm {
  const questions: Question[] = Array.from({ length: 100 }, (_, i) => {
    const kind = i % 4;
    const q: Question =
      kind === 0
        ? { key: `q${i}`, type: 'select', label: `Q${i}`, required: true, options: OPTIONS }
        : kind === 1
          ? { key: `q${i}`, type: 'checkbox', label: `Q${i}`, required: false }
          : {
              key: `q${i}`,
              type: kind === 2 ? 'short_text' : 'long_text',
              label: `Q${i}`,
              required: i % 3 === 0,
            };
    return q;
  });
  // 30 conditions on later questions, each on an earlier choice (some chained through conditional choices).
  let placed = 0;
  for (let i = 99; i > 0 && placed < conditions; i -= 3) {
    const source = Math.floor((i - 1) / 4) * 4;
    if (source >= i) continue;
    questions[i].showIf = {
      join: placed % 2 ? 'any' : 'all',
      rules: [
        { question: `q${source}`, op: 'one_of', value: ['Yes', 'Maybe'] },
        { question: `q${Math.max(0, source - 4)}`, op: 'not', value: 'No' },
      ],
    };
    placed++;
  }
  return {
    questions,
    common: { applyhub: false, coalition: false },
    profile: { enabled: false, sections: {} },
  };
}

export function answers(turn: number): Record<string, unknown> {
  return Object.fromEntries(
    Array.from({ length: 100 }, (_, i) => {
      const kind = i % 4;
      return [
        `q${i}`,
        kind === 0
          ? OPTIONS[(i + turn) % 3]
          : kind === 1
            ? (i + turn) % 2 === 0
            : `Answer ${i} ${turn} `.repeat(8),
      ];
    }),
  );
}

function measure(f: ApplicationForm, rounds: number) {
  const samples: number[] = [];
  for (let turn = 0; turn < rounds; turn++) {
    const input = answers(turn);
    const t0 = performance.now();
    const { answers: kept } = cleanAnswers(f.questions, input, 'bench');
    missingRequiredLabels(f, kept);
    samples.push(performance.now() - t0);
  }
  return samples;
}

export function runConditionsBench(log: (line: string) => void, rounds = 20_000) {
  const plain = form(0);
  const conditional = form(30);
  const conditions = conditional.questions.filter((q) => q.showIf).length;
  measure(plain, 2_000); // warm-up
  measure(conditional, 2_000);
  const a = timing(measure(plain, rounds));
  const b = timing(measure(conditional, rounds));
  const ratio = round(b.p50Ms && a.p50Ms ? b.p50Ms / a.p50Ms : Number.NaN);
  log('\nConditional questions: the save rules of a 100-question form (in-process, per save):');
  log(`  without conditions  p50 ${a.p50Ms} ms  p99 ${a.p99Ms} ms  (${a.n} saves)`);
  log(
    `  with ${conditions} conditions  p50 ${b.p50Ms} ms  p99 ${b.p99Ms} ms  (${b.n} saves)  ratio p50 ${ratio}×`,
  );
  return { without: a, with: b, conditions, ratioP50: ratio };
}

if (import.meta.url === `file://${process.argv[1]}`) runConditionsBench(console.log);
