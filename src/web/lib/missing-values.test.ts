import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 24 item 16: a missing person or value shows '—', never an invented 'Unknown User'.
const webRoot = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('missing values on screen', () => {
  it("no screen shows 'Unknown User' (or 'Unknown user') for a missing value", () => {
    const found = sources(webRoot).filter((file) => /Unknown user/i.test(readFileSync(file, 'utf8')));
    expect(found.map((f) => path.relative(webRoot, f))).toEqual([]);
  });
});
