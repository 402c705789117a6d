// The house rules, checked on the source itself (CONTRIBUTING.md "Layout"): layers import only downward, event modules
// never import each other, translation stays pure, the hook path keeps its lazy boundaries, per-event behaviour is
// adapter data, no function or file outgrows a reader, no line is over 140 columns, and every document the code cites
// exists.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { CURSOR_EVENTS, HANDLED_EVENTS } from '../adapters/eventMap.ts';
import { KNOWN_EVENTS } from '../catalog/events.ts';
import { ensureBuilt, ROOT } from './e2e/harness.ts';

const files = (...dirs: string[]): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...dirs], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
const source = files('src', 'adapters', 'catalog').filter((f) => f.endsWith('.ts') && !f.includes('/generated/'));
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

/** The relative imports of a file, resolved to repository paths (static and dynamic). */
function importsOf(file: string): { to: string; dynamic: boolean; typeOnly: boolean }[] {
  const out: { to: string; dynamic: boolean; typeOnly: boolean }[] = [];
  for (const m of read(file).matchAll(
    /(?:^|\n)\s*(import(\s+type)?[^'"]*?from\s*|import\s*\(\s*|export[^'"]*?from\s*)['"](\.{1,2}\/[^'"]+)['"]/g,
  )) {
    out.push({
      to: path.normalize(path.join(path.dirname(file), m[3] as string)),
      dynamic: (m[1] as string).includes('('),
      typeOnly: Boolean(m[2]),
    });
  }
  return out;
}
const top = (f: string) => (f.startsWith('src/') ? 'src' : (f.split('/')[0] as string));

describe('layers import only downward: src → adapters → catalog', () => {
  it.each(source.filter((f) => !f.startsWith('src/')))('%s', (file) => {
    const allowed = top(file) === 'adapters' ? ['adapters', 'catalog'] : ['catalog'];
    expect(
      importsOf(file)
        .map((i) => i.to)
        .filter((to) => !allowed.includes(top(to))),
    ).toEqual([]);
  });
});

describe('inside src/, layers import downward: entry → commands → hook → state → project (docs/design.md §2)', () => {
  const RANK: Record<string, number> = { entry: 5, commands: 4, hook: 3, state: 2, project: 1 };
  const rank = (f: string) => RANK[f.split('/')[1] as string] ?? 0;
  // Known and named: the last good catalog (src/project/load.ts) keeps its records with the state dir's own helpers.
  const EXCEPT = new Set(['src/project/load.ts → src/state/dir.ts', 'src/project/load.ts → src/state/fsx.ts']);
  it.each(source.filter((f) => f.startsWith('src/')))('%s', (file) => {
    const up = importsOf(file)
      .filter((i) => i.to.startsWith('src/') && rank(i.to) > rank(file))
      .map((i) => `${file} → ${i.to}`)
      .filter((e) => !EXCEPT.has(e));
    // The hook path reaches the stateful half (src/state/index.ts) only lazily, or for types.
    const eager = importsOf(file)
      .filter((i) => rank(file) === 3 && i.to === 'src/state/index.ts' && !i.dynamic && !i.typeOnly)
      .map((i) => `${file} → ${i.to} (eager)`);
    expect([...up, ...eager]).toEqual([]);
  });
});

describe('hosts as data (docs/design.md §10): the Claude side names no host, the shell asks its host', () => {
  const hostTables = (i: { to: string }) => i.to.startsWith('adapters/hosts/');
  it.each(source.filter((f) => f.startsWith('catalog/') || f.startsWith('src/state/')))(
    '%s imports no host',
    (file) => {
      expect(importsOf(file).filter(hostTables)).toEqual([]);
    },
  );
  it.each(source.filter((f) => f.startsWith('src/hook/') && f !== 'src/hook/host.ts'))(
    "%s reaches the host tables only through src/hook/host.ts, and Cursor's event tables not at all",
    (file) => {
      const cursorTables = /^adapters\/(eventMap|events\/index)\.ts$/;
      const values = importsOf(file).filter((i) => !i.typeOnly);
      expect(values.filter((i) => hostTables(i) && !i.to.endsWith('/registry.ts')).map((i) => i.to)).toEqual([]);
      expect(values.filter((i) => cursorTables.test(i.to)).map((i) => i.to)).toEqual([]);
    },
  );
});

describe('no import cycles in src/, adapters/, catalog/ (static, dynamic and type-only imports alike)', () => {
  it('the import graph is acyclic', () => {
    const graph = new Map(source.map((f) => [f, importsOf(f).map((i) => i.to)]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, trail: string[]): void => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(f)), f].join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const to of graph.get(f) ?? []) visit(to, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of source) visit(f, []);
    expect(cycles).toEqual([]);
  });
});

describe('event modules never import each other (each declares what it needs as data)', () => {
  const events = new Set<string>(HANDLED_EVENTS.map((e) => `adapters/events/${e}.ts`));
  it.each([...events])('%s', (file) => {
    expect(
      importsOf(file)
        .map((i) => i.to)
        .filter((to) => events.has(to)),
    ).toEqual([]);
  });
});

describe('translation is pure: adapters/ and catalog/ do no I/O', () => {
  it.each(source.filter((f) => !f.startsWith('src/')))('%s', (file) => {
    const text = read(file);
    expect(text.match(/from ['"]node:(fs|child_process|os|net|http|https)['"]|\bprocess\.|\bconsole\./g) ?? []).toEqual(
      [],
    );
  });
});

describe('no module exports a binding it reassigns: the build hands exports out as plain values (scripts/build.mjs)', () => {
  it.each(source)('%s', (file) => {
    expect(read(file).match(/^export (let|var)\b.*$/gm) ?? []).toEqual([]);
  });
});

describe("Node's internals are reached through one module (src/hook/internals.ts), whose public-API paths CI runs", () => {
  it.each(source.filter((f) => f !== 'src/hook/internals.ts'))('%s', (file) => {
    expect(read(file).match(/process\.binding|\binternalBinding\b|prototype\.toString\.call/g) ?? []).toEqual([]);
  });
});

describe('per-event behaviour is adapter data: no event-name comparison on the hook path, whatever the variable', () => {
  const names = [...new Set<string>([...CURSOR_EVENTS, ...KNOWN_EVENTS])].join('|');
  const compared = new RegExp(`[!=]==\\s*['"](${names})['"]|['"](${names})['"]\\s*[!=]==`, 'g');
  // The hook path proper; src/project/ also plans init's binding (per-event Cursor matchers) and is not covered.
  it.each(source.filter((f) => /^src\/(hook|state|entry)\//.test(f)))('%s', (file) => {
    expect(read(file).match(compared) ?? []).toEqual([]);
  });
});

describe("the hook path finds the project by the default policy only: never the payload's roots (docs/security.md, guarantee 3)", () => {
  it.each(source.filter((f) => f.startsWith('src/hook/') || f.startsWith('src/entry/')))('%s', (file) => {
    const text = read(file);
    expect(
      text.match(/resolveProject\([^)]*,|PROJECT_POLICIES|trustPayloadRoots|\.CURSOR_PROJECT_DIR\b/g) ?? [],
    ).toEqual([]);
  });
});

describe('sizes a reader holds at once: files ≤ 450 lines, functions ≤ 80 lines', () => {
  it.each(source)('%s', (file) => {
    const text = read(file);
    const long: string[] = [];
    const lines = text.split('\n').length;
    if (lines > 450) long.push(`${lines} lines`);
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const named =
        (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name
          ? node.name.getText()
          : (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
              (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent))
            ? node.parent.name.getText()
            : undefined;
      if (named && (node as ts.FunctionLikeDeclaration).body) {
        const from = sf.getLineAndCharacterOfPosition(node.getStart()).line;
        const to = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (to - from + 1 > 80) long.push(`${named}: ${to - from + 1} lines`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    expect(long).toEqual([]);
  });
});

describe('no line over 140 columns (Prettier breaks code at 120; a long string is split by hand, CONTRIBUTING.md)', () => {
  // catalog/generated/ is written by scripts/gen-types.mjs from the JSON Schemas' descriptions, and left out; the
  // scripts' and hooks' code is held to the same width (their data, JSON payloads and one-line demo guards, is not).
  const code = [...source, ...files('scripts', 'hooks').filter((f) => /\.(?:ts|[cm]js)$/.test(f))];
  it.each(code)('%s', (file) => {
    const long = read(file)
      .split('\n')
      .map((l, i) => [i + 1, l.length] as const)
      .filter(([, n]) => n > 140)
      .map(([at, n]) => `line ${at}: ${n} columns`);
    expect(long).toEqual([]);
  });
});

describe('scripts and hook scripts are type-checked: // @ts-check before the first import (tsconfig.scripts.json)', () => {
  it.each(files('scripts', 'hooks').filter((f) => /\.[cm]js$/.test(f)))('%s', (file) => {
    const head = read(file).split('\n');
    const at = head.indexOf('// @ts-check');
    expect(at, 'has // @ts-check').toBeGreaterThanOrEqual(0);
    expect(head.slice(0, at).every((l) => l.startsWith('#!') || l.startsWith('//'))).toBe(true);
  });
});

describe('every document cited in code, tests and scripts exists, down to the section', () => {
  // A citation is a document named in a comment or a test title (test data may name made-up files).
  const citing = /^\s*(\/\/|\/?\*|#)|\b(describe|it|test)(\.each\([\s\S]*\))?\(/;
  const cited = files('src', 'adapters', 'catalog', 'test', 'scripts', 'hooks')
    .filter((f) => /\.(ts|mjs|sh)$/.test(f) && !f.includes('/fixtures/') && !f.includes('/generated/'))
    .flatMap((f) =>
      read(f)
        .split('\n')
        .filter((l) => citing.test(l))
        .flatMap((l) =>
          [...l.matchAll(/\b((?:docs\/)?[\w-]+\.md)(?: §(\d+(?:\.\d+)?))?/g)].map((m) => ({
            f,
            doc: m[1] as string,
            section: m[2],
          })),
        ),
    );
  const headings = (doc: string) =>
    read(doc)
      .split('\n')
      .filter((l) => l.startsWith('#'));
  it.each([...new Set(cited.map((c) => `${c.doc}${c.section ? ` §${c.section}` : ''}`))])('%s', (ref) => {
    const [doc, section] = ref.split(' §') as [string, string | undefined];
    expect(
      fs.existsSync(path.join(ROOT, doc)),
      `${doc}, cited by ${cited
        .filter((c) => c.doc === doc)
        .map((c) => c.f)
        .join(', ')}`,
    ).toBe(true);
    if (section)
      expect(
        headings(doc).some((h) => new RegExp(`^#+ ${section.replace('.', '\\.')}[. ]`).test(h)),
        `${doc} has no section ${section}`,
      ).toBe(true);
  });
  it("code cites the repository's own docs, never a file outside it or an internal plan", () => {
    const bad = files('src', 'adapters', 'catalog', 'test', 'scripts', 'hooks').filter(
      (f) =>
        /\.(ts|mjs|sh)$/.test(f) &&
        f !== 'test/house.test.ts' &&
        /\.\.\/shared\/|contracts\/|\bDESIGN\b|\b[Ii]ssue \d/.test(read(f)),
    );
    expect(bad).toEqual([]);
  });
});

describe('test headers cite behaviours, never internal plan items ("Issue …", "item N")', () => {
  it.each(files('test').filter((f) => f.endsWith('.test.ts')))('%s', (file) => {
    const header = read(file).split('\n').slice(0, 4).join('\n');
    expect(header.match(/\bIssue\b|\bitem \d/gi) ?? []).toEqual([]);
  });
});

describe('every code path cited in a comment exists', () => {
  const comment = /^\s*(\/\/|\/?\*)/;
  const cites = files('src', 'adapters', 'catalog', 'test', 'scripts', 'hooks')
    .filter((f) => /\.(ts|mjs)$/.test(f) && !f.includes('/fixtures/') && !f.includes('/generated/'))
    .flatMap((f) =>
      read(f)
        .split('\n')
        .filter((l) => comment.test(l))
        .flatMap((l) => [
          ...l.matchAll(
            /(?<![\w./$-])((?:src|adapters|catalog|scripts|hooks|test)\/[\w./-]*\w\.(?:ts|mjs|cjs|sh|json))\b/g,
          ),
        ])
        .map((m) => ({ f, cited: m[1] as string })),
    );
  it.each([...new Set(cites.map((c) => c.cited))])('%s', (cited) =>
    expect(
      fs.existsSync(path.join(ROOT, cited)),
      `cited by ${cites
        .filter((c) => c.cited === cited)
        .map((c) => c.f)
        .join(', ')}`,
    ).toBe(true),
  );
});

describe('the hook bundle loads the stateful half, the runner and the parsers lazily', () => {
  interface Meta {
    inputs: Record<string, { imports: { path: string; kind: string }[] }>;
  }
  let meta: Meta;
  beforeAll(() => {
    ensureBuilt();
    meta = (JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'meta.json'), 'utf8')) as { shim: Meta }).shim;
  });
  /** Every module reached from the entry through static imports (a dynamic import() is a lazy boundary). */
  const eager = (): Set<string> => {
    const seen = new Set<string>();
    const walk = (p: string) => {
      if (seen.has(p)) return;
      seen.add(p);
      for (const i of meta.inputs[p]?.imports ?? []) if (i.kind !== 'dynamic-import') walk(i.path);
    };
    walk('src/entry/hook.ts');
    return seen;
  };
  it.each([
    ['src/state/ beyond the state dir and the safe-file helpers', /^src\/state\/(?!dir\.ts$|fsx\.ts$)/],
    ['execa', /node_modules\/execa\//],
    ['zod or the catalog parser', /node_modules\/zod\/|^catalog\/(load|schema)\.ts$/],
    ['the config parser', /^src\/project\/config\.ts$/],
    ['the management commands', /^src\/commands\//],
    [
      "the reading of the scripts' answers (adapters/outcome.ts: only an event that ran rows has any)",
      /^adapters\/outcome\.ts$/,
    ],
  ])('not eagerly: %s', (_name, pattern) => {
    const reached = eager();
    expect(reached.has('src/entry/hook.ts')).toBe(true);
    expect([...reached].filter((p) => pattern.test(p))).toEqual([]);
  });
  it('node:crypto (~2 ms to load) is not imported eagerly: an event that matches nothing never loads it', () => {
    const reached = eager();
    const importers = [...reached].filter((p) =>
      (meta.inputs[p]?.imports ?? []).some((i) => i.path === 'node:crypto' && i.kind !== 'dynamic-import'),
    );
    expect(importers).toEqual([]);
  });
  it('execa is not in the hook bundle at all: the hook path runs scripts on node:child_process (src/hook/runner.ts)', () => {
    expect(Object.keys(meta.inputs).filter((p) => /node_modules\/execa\//.test(p))).toEqual([]);
  });
  /** The texts (chunks, scripts/build.mjs) an event compiles before any lazy import: the entry's, and what it imports. */
  const hot = (): Map<string, { bytes: number; inputs: Record<string, unknown> }> => {
    const outputs = (meta as unknown as { outputs: Record<string, Output> }).outputs;
    const seen = new Map<string, Output>();
    const walk = (name: string) => {
      const out = outputs[name];
      if (!out || seen.has(name)) return;
      seen.set(name, out);
      for (const i of out.imports) if (!i.external && i.kind !== 'dynamic-import') walk(i.path);
    };
    walk('./hook.js');
    return seen;
  };
  interface Output {
    bytes: number;
    inputs: Record<string, unknown>;
    imports: { path: string; kind: string; external?: boolean }[];
  }
  it.each([
    ['the state half', /^src\/state\/(?!dir\.ts$|fsx\.ts$)/],
    ['the runner and the jobs', /^src\/hook\/(runner|jobs|matched)\.ts$/],
    ["the reading of the scripts' answers", /^adapters\/outcome\.ts$/],
    [
      'zod, the catalog and config parsers',
      /node_modules\/zod\/|^catalog\/(load|schema)\.ts$|^src\/project\/config\.ts$/,
    ],
  ])('every event compiles only its hot chunks: %s is in a lazy chunk of its own', (_name, pattern) => {
    const inHot = [...hot().values()].flatMap((o) => Object.keys(o.inputs)).filter((p) => pattern.test(p));
    expect(inHot).toEqual([]);
    expect(Object.keys(meta.inputs).some((p) => pattern.test(p))).toBe(true);
  });
  it('no text holds a star-slash pair: the loader would restore it by copying the whole text before V8 compiles it', () => {
    // In the shim the texts sit in one comment (scripts/build.mjs textTrailer), each `*` `/` escaped; the copy of the
    // 69 KiB hot chunk cost 17 page faults per event (docs/performance.md). Write `\s*` before a regex's closing slash
    // as `\s{0,}`, a trailing `)*` as `){0,}`, and a `**` `/` string as a regex or with `\/`.
    const shim = fs.readFileSync(path.join(ROOT, 'dist', 'hookshim.cjs'), 'latin1');
    const trailer = shim.slice(shim.indexOf('function HOOKSHIM_TEXTS'));
    expect(trailer.length).toBeGreaterThan(100 * 1024);
    expect(trailer.split('*\u0002/').length - 1).toBe(0);
  });
  it('the hot chunks stay small: at most 96 KiB for V8 to compile on every event (~3 ms here, docs/performance.md)', () => {
    const bytes = [...hot().values()].reduce((a, o) => a + o.bytes, 0);
    expect(hot().size).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(96 * 1024);
  });
});
