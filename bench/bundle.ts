import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing page's JavaScript budget (gzip). */
export const BUDGET_KB = 100;

export interface ChunkSize {
  file: string;
  rawKb: number;
  gzipKb: number;
}

export interface BundleReport {
  /** The app's entry (index.html): script + modulepreloads + everything they import statically. */
  entryStatic: { files: string[]; gzipKb: number };
  /**
   * What the landing page loads besides: with landing.html (the landing's own entry, decision 042),
   * that entry's whole static closure instead of the app's; without it, the `/` route's lazy chunk(s).
   */
  landingRoute: { files: string[]; gzipKb: number; how: string };
  /** What the landing page downloads. Compared with the budget. */
  landing: { gzipKb: number; budgetKb: number; verdict: 'OK' | 'OVER' };
  largestLazy: ChunkSize | null;
  allJs: { files: number; rawKb: number; gzipKb: number };
  chunks: ChunkSize[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

// Built ES modules (Vite/rolldown, minified): import{a as b}from"./x.js", import"./x.js",
// export{a}from"./x.js"; quotes may be ', " or `. Dynamic: import("./x.js") or import(`./x.js`).
const STATIC_IMPORT =
  /(?:^|[;\s})])(?:import|export)\s*(?:[\w$*\s{},]*?\s*from\s*)?(["'`])([^"'`\n]+?\.js)\1/g;
const DYNAMIC_IMPORT = /\bimport\(\s*(["'`])([^"'`\n]+?\.js)\1\s*\)/g;
// TanStack Router route definitions: createFileRoute(`/path`)({ … }), minified to X(`/path`)({
const ROUTE_DEF = /\(\s*(["'`])(\/[^"'`\n]*)\1\s*\)\s*\(\s*\{/g;

function resolveAsset(webDir: string, fromFile: string, spec: string): string | null {
  if (/^[a-z]+:/i.test(spec)) return null; // external URL
  const abs = spec.startsWith('/')
    ? path.join(webDir, spec)
    : path.resolve(path.dirname(path.join(webDir, fromFile)), spec);
  const rel = path.relative(webDir, abs).split(path.sep).join('/');
  return existsSync(abs) ? rel : null;
}

function listJs(dir: string, webDir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJs(full, webDir));
    else if (entry.name.endsWith('.js') || entry.name.endsWith('.mjs'))
      out.push(path.relative(webDir, full).split(path.sep).join('/'));
  }
  return out;
}

export function analyzeBundle(webDir: string): BundleReport {
  const indexHtml = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const source = new Map<string, string>();
  const read = (file: string) => {
    let text = source.get(file);
    if (text === undefined) {
      text = readFileSync(path.join(webDir, file), 'utf8');
      source.set(file, text);
    }
    return text;
  };
  const gzipBytes = new Map<string, number>();
  const gz = (file: string) => {
    let n = gzipBytes.get(file);
    if (n === undefined) {
      n = gzipSync(read(file)).length;
      gzipBytes.set(file, n);
    }
    return n;
  };
  const staticImports = (file: string) =>
    [...read(file).matchAll(STATIC_IMPORT)]
      .map((m) => resolveAsset(webDir, file, m[2]))
      .filter((f): f is string => f !== null);
  const closure = (roots: string[], seen = new Set<string>()) => {
    const stack = [...roots];
    const found: string[] = [];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      found.push(file);
      stack.push(...staticImports(file));
    }
    return found;
  };

  // Entry scripts and modulepreloads named by an HTML page.
  const rootsOf = (html: string, name: string) => {
    const roots: string[] = [];
    const kinds = [
      { tag: /<script\b[^>]*>/g, wanted: /type=["']?module/, ref: /\bsrc=["']?([^"'\s>]+)/ },
      { tag: /<link\b[^>]*>/g, wanted: /rel=["']?modulepreload/, ref: /\bhref=["']?([^"'\s>]+)/ },
    ];
    for (const { tag: tagPattern, wanted, ref } of kinds) {
      for (const tag of html.match(tagPattern) ?? []) {
        if (!wanted.test(tag)) continue;
        const url = ref.exec(tag)?.[1];
        const file = url && resolveAsset(webDir, name, url);
        if (file) roots.push(file);
      }
    }
    if (roots.length === 0) throw new Error(`No <script type="module" src> in ${webDir}/${name}.`);
    return roots;
  };
  const roots = rootsOf(indexHtml, 'index.html');
  const seen = new Set<string>();
  const entryFiles = closure(roots, seen);
  const allFiles = listJs(webDir, webDir).sort();

  let how = "landing.html: the landing page's own entry and its static imports";
  let routeRoots: string[] = [];
  let landingSeen = new Set<string>();
  const landingHtml = path.join(webDir, 'landing.html');
  if (existsSync(landingHtml)) {
    routeRoots = rootsOf(readFileSync(landingHtml, 'utf8'), 'landing.html');
  } else {
    landingSeen = seen;
    // The `/` route's lazy chunk: the dynamic imports that follow its route definition in the
    // entry closure; failing that, a lazy chunk named index-* or routes-* (how Vite names it).
    how = 'route definition for `/` in the entry';
    for (const file of entryFiles) {
      const text = read(file);
      const defs = [...text.matchAll(ROUTE_DEF)].map((m) => ({ path: m[2], at: m.index ?? 0 }));
      defs.forEach((def, i) => {
        if (def.path !== '/') return;
        const end = Math.min(defs[i + 1]?.at ?? text.length, def.at + 600);
        for (const m of text.slice(def.at, end).matchAll(DYNAMIC_IMPORT)) {
          const target = resolveAsset(webDir, file, m[2]);
          if (target) routeRoots.push(target);
        }
      });
    }
    if (routeRoots.length === 0) {
      how = 'lazy chunk named index-*/routes-* (no route definition for `/` found)';
      routeRoots = allFiles.filter(
        (f) => !seen.has(f) && /^(index|routes)-/.test(path.basename(f)) && !roots.includes(f),
      );
    }
  }
  const routeFiles = closure(routeRoots, landingSeen);

  const chunks = allFiles.map((file) => ({
    file,
    rawKb: kb(statSync(path.join(webDir, file)).size),
    gzipKb: kb(gz(file)),
  }));
  const lazy = chunks.filter((c) => !entryFiles.includes(c.file));
  const largestLazy = lazy.reduce<ChunkSize | null>((a, c) => (!a || c.gzipKb > a.gzipKb ? c : a), null);
  const sum = (files: string[]) => files.reduce((n, f) => n + gz(f), 0);
  const landingKb = kb(landingSeen === seen ? sum(entryFiles) + sum(routeFiles) : sum(routeFiles));

  return {
    entryStatic: { files: entryFiles, gzipKb: kb(sum(entryFiles)) },
    landingRoute: { files: routeFiles, gzipKb: kb(sum(routeFiles)), how },
    landing: { gzipKb: landingKb, budgetKb: BUDGET_KB, verdict: landingKb <= BUDGET_KB ? 'OK' : 'OVER' },
    largestLazy,
    allJs: {
      files: allFiles.length,
      rawKb: kb(allFiles.reduce((n, f) => n + statSync(path.join(webDir, f)).size, 0)),
      gzipKb: kb(sum(allFiles)),
    },
    chunks,
  };
}
