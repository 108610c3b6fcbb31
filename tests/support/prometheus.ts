/**
 * A small parser of the Prometheus text exposition format (0.0.4), enough to read a scrape in tests:
 * `# HELP` / `# TYPE` lines and samples `name{label="value",…} value`, with escaped label values.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  types: Map<string, string>;
  samples: Sample[];
  /** Samples named `name` whose labels include `labels`. */
  find(name: string, labels?: Record<string, string>): Sample[];
  /** The value of the one sample named `name` with `labels` (throws if there is not exactly one). */
  value(name: string, labels?: Record<string, string>): number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/y;

/** Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case; prom-client writes Nan). */
function parseValue(v: string): number {
  const lower = v.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Number.POSITIVE_INFINITY;
  if (lower === '-inf') return Number.NEGATIVE_INFINITY;
  if (lower === 'nan') return Number.NaN;
  const n = Number(v);
  if (v === '' || Number.isNaN(n)) throw new Error(`bad sample value "${v}"`);
  return n;
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const start = LABEL.lastIndex;
    const m = LABEL.exec(text);
    if (!m) throw new Error(`bad labels at "${text.slice(start)}"`);
    labels[m[1]] = m[2].replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}

export function parsePrometheus(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      const type = line.match(/^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/);
      if (type) types.set(type[1], type[2]);
      else if (!line.startsWith('# HELP ')) throw new Error(`bad comment line "${line}"`);
      continue;
    }
    const m = line.match(SAMPLE);
    if (!m) throw new Error(`bad sample line "${line}"`);
    samples.push({ name: m[1], labels: m[3] ? parseLabels(m[3]) : {}, value: parseValue(m[4]) });
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    types,
    samples,
    find,
    value(name, labels = {}) {
      const found = find(name, labels);
      if (found.length !== 1)
        throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}, expected one`);
      return found[0].value;
    },
  };
}
