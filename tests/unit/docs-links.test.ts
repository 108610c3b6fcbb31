import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and the docs send readers only to files of this repository, and those files exist: a
 * Markdown link, or a path in backticks that starts at a top-level folder of the repository.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TOP = ['src', 'tests', 'docs', 'bench', 'scripts', 'drizzle', 'public'];
/** Paths that describe a pattern rather than one file, or output that is made when something runs. */
const PATTERN = /[<>*{}]|NNN|00NN|\.\.\.|…|^bench\/out\//;

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? docs(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : [],
    );
  return ['README.md', 'bench/README.md', 'tests/e2e/README.md', ...docs('docs')];
}

function references(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const links = [...text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z]+:/i.test(target));
  const code = [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1].replace(/[:,.]+$/, ''))
    .filter((p) => p.startsWith('../') || TOP.some((top) => p.startsWith(`${top}/`)));
  return [...links.map((l) => path.join(path.dirname(file), l)), ...code].filter((p) => !PATTERN.test(p));
}

describe('documentation links', () => {
  it.each(markdownFiles())('%s points only at files inside the repository that exist', (file) => {
    const bad = references(file).filter((ref) => {
      const absolute = path.resolve(ROOT, ref);
      return !absolute.startsWith(`${ROOT}${path.sep}`) || !existsSync(absolute);
    });
    expect(bad).toEqual([]);
  });

  it('the README links the architecture', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('](docs/architecture.md)');
  });
});
