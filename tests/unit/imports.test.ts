import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house's import rules, read from the source: shared imports nothing else in src/, web never
 * imports server (nor server web), and no module imports itself through others (an import circle
 * such as auth/auth.ts ↔ users/queries.ts). Type-only imports are left out: they vanish at build.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') && !e.name.endsWith('.gen.ts')
      ? [file]
      : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const file of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base])
    if (existsSync(file) && statSync(file).isFile()) return file;
  return null;
}

const graph = new Map<string, string[]>(
  sources(SRC).map((file) => [
    file,
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .filter((m) => !m[1])
      .map((m) => resolve(file, m[2]))
      .filter((f): f is string => f !== null),
  ]),
);
const rel = (file: string) => path.relative(SRC, file);
const room = (file: string) => rel(file).split(path.sep)[0];

/** Strongly connected groups of more than one module (Tarjan). */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(rel(w));
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  it('reads the source (a sanity check of the reader itself)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get(path.join(SRC, 'server/app.ts'))?.length).toBeGreaterThan(10);
  });

  it('have no circles', () => {
    expect(circles()).toEqual([]);
  });

  it('run shared ← server and shared ← web only', () => {
    const wrong: string[] = [];
    for (const [file, deps] of graph)
      for (const dep of deps) {
        const [from, to] = [room(file), room(dep)];
        if (from === to || to === 'shared') continue;
        wrong.push(`${rel(file)} → ${rel(dep)}`);
      }
    expect(wrong).toEqual([]);
  });
});
