// Two lists again: entries of a host's hooks file (`.cursor/hooks.json`; `.codex/hooks.json` through ./codexForeign.ts)
// that hookshim does not own but that run what a catalog runs (a hand-written adapter beside the Claude catalog). Each
// such guard runs twice per event, once there with the host's untranslated input; init keeps those entries, so check,
// doctor and init name each one.
import fs from 'node:fs';
import path from 'node:path';
import { substitutePlaceholders } from '../../catalog/command.ts';
import { firstCommandWords, scriptOf } from '../../catalog/script.ts';
import { placeholderVars, type CatalogSource } from '../../catalog/sources.ts';
import { rowPlace, type CatalogRow } from '../../catalog/types.ts';
import { HOOKS_JSON, isOurs, type HooksFile } from '../project/binding.ts';
import type { Finding } from './findings.ts';

/** A file a catalog row runs: absolute, as a project-relative path when inside it, and the words after it. */
export interface CatalogScript {
  row: CatalogRow;
  file: string;
  rel: string | undefined;
  args: string[];
}

/** Most bytes of a hand-written entry's own script read to see whether it adapts a catalog. */
const ADAPTER_MAX_BYTES = 512 * 1024;

/** The hooks file a foreign entry sits in, and its host's name, for the findings' words. */
export interface ForeignIn {
  file: string;
  host: string;
}

/** What a foreign entry is checked against: the catalog's scripts and files, in the project. */
export interface ForeignContext {
  scripts: readonly CatalogScript[];
  catalogs: readonly CatalogSource[];
  dir: string;
  home: string | undefined;
}

/** `native-duplicate` or `native-adapter` for one entry hookshim does not own, when it runs what the catalog runs. */
export function foreignFinding(
  command: string,
  where: string,
  c: ForeignContext,
  bound: ForeignIn,
): Finding | undefined {
  const twin = twinOf(command, c.scripts, c.dir, c.home);
  if (twin) return duplicate(where, twin, c.dir, bound);
  const adapter = adapterOf(command, c.scripts, c.catalogs, c.dir);
  return adapter ? adapted(where, adapter.file, adapter.names, bound) : undefined;
}

/**
 * `native-duplicate` for each foreign entry that runs a catalog's script (its command names the file, however it
 * reaches the project: relative, `./`, `"$CURSOR_PROJECT_DIR"/`, `$(git rev-parse --show-toplevel)/`, absolute);
 * `native-adapter` for one whose own script names a catalog or a catalog's script (it runs them itself).
 */
export function nativeDuplicates(
  rows: readonly CatalogRow[],
  hooks: HooksFile,
  dir: string,
  home: string | undefined,
  catalogs: readonly CatalogSource[],
): Finding[] {
  if (hooks.kind !== 'ok') return [];
  const c: ForeignContext = { scripts: catalogScripts(rows, dir, home), catalogs, dir, home };
  const out: Finding[] = [];
  for (const [event, list] of Object.entries(hooks.hooks)) {
    list.forEach((entry, i) => {
      const command = (entry as { command?: unknown } | null)?.command;
      if (typeof command !== 'string' || isOurs(entry)) return;
      const found = foreignFinding(command, `${HOOKS_JSON} ${event}[${i}]`, c, { file: HOOKS_JSON, host: 'Cursor' });
      if (found) out.push(found);
    });
  }
  return out;
}

/** Every script file the catalog rows run, with the words after it (so `x.sh pre` and `x.sh post` stay apart). */
export function catalogScripts(rows: readonly CatalogRow[], dir: string, home: string | undefined): CatalogScript[] {
  const out: CatalogScript[] = [];
  for (const row of rows) {
    if (row.type !== 'command' || row.command === undefined) continue;
    const vars = placeholderVars(row, dir);
    const ref = scriptOf(row, vars, home);
    if (ref.kind !== 'file') continue;
    const words = row.args
      ? row.args.map((a) => substitutePlaceholders(a, vars))
      : firstCommandWords(substitutePlaceholders(row.command, vars)).map((w) => w.value);
    out.push({
      row,
      file: ref.path,
      rel: inside(dir, ref.path),
      args: words.slice(words.indexOf(ref.written) + 1).filter((w) => !w.includes('$')),
    });
  }
  return out;
}

/** `file` relative to `dir` with forward slashes, when it is inside it. */
export function inside(dir: string, file: string): string | undefined {
  const rel = path.relative(dir, file);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep).join('/');
}

/** A Cursor hook command with the project variables Cursor sets filled in (docs/cursor-hooks.md §2); it runs from the project root. */
function fillCursorVars(command: string, dir: string): string {
  return command.replace(/\$\{?(CURSOR_PROJECT_DIR|CLAUDE_PROJECT_DIR)\}?(?![A-Za-z0-9_])/g, dir);
}

/** A regular expression matching `text` literally. */
const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An expansion a command reaches the project with: Cursor's and Claude's variables, `$PWD`, a `$(…)` (git's top level). */
const PROJECT_EXPANSION = String.raw`(?:\$\{?(?:CURSOR_PROJECT_DIR|CLAUDE_PROJECT_DIR|PWD)\}?|\$\([^()]*\))`;

/** The project path `rel` as a whole word of a command: bare, `./`, after the project's path or an expansion of it. */
function mentions(command: string, rel: string, dir: string): boolean {
  const before = String.raw`(?:(?:^|(?<=[\s"'=]))(?:\./)?|(?:${PROJECT_EXPANSION}|${literally(dir)})["']?/)`;
  return new RegExp(`${before}${literally(rel)}(?=$|[\\s"';|&)<>])`, 'm').test(command);
}

/** The catalog script a foreign entry runs: the one its first word runs (args agreeing first), else any it names. */
export function twinOf(command: string, scripts: readonly CatalogScript[], dir: string, home: string | undefined) {
  const filled = fillCursorVars(command, dir);
  const ref = scriptOf({ event: '', locator: '', type: 'command', command: filled }, { projectDir: dir }, home);
  if (ref.kind === 'file') {
    const words = firstCommandWords(filled).map((w) => w.value);
    const same = scripts.filter((s) => s.file === ref.path);
    const twin = same.find((s) => s.args.every((a) => words.includes(a))) ?? same[0];
    if (twin) return twin;
  }
  return scripts.find((s) => s.rel !== undefined && mentions(command, s.rel, dir));
}

/**
 * A hand-written adapter: a file of the project the entry runs (any word of its command naming one) whose text names a
 * catalog file or a catalog's script, as the adapter of docs/peers.md §1 reads `hooks/hooks.json`.
 */
function adapterOf(
  command: string,
  scripts: readonly CatalogScript[],
  catalogs: readonly CatalogSource[],
  dir: string,
) {
  const wanted = [...catalogs.map((c) => inside(dir, c.file)), ...scripts.map((s) => s.rel)].filter(
    (n): n is string => n !== undefined,
  );
  for (const word of fillCursorVars(command, dir).split(/[\s"'=;|&()]+/)) {
    const file = word ? path.resolve(dir, word) : undefined;
    const rel = file && inside(dir, file);
    if (!file || !rel || scripts.some((s) => s.file === file) || /(^|\/)hookshim\.[cm]?js$/.test(rel)) continue;
    const text = readSmall(file);
    if (text === undefined) continue;
    const names = [...new Set(wanted.filter((n) => named(text, n)))];
    if (names.length > 0) return { file: rel, names };
  }
  return undefined;
}

/**
 * A script's text names the project path `rel`: as a word of its own, or after an expansion ending in `/` (`$ROOT/`,
 * `${root}/`, `$(…)/`); not as the tail of another path (`vendor/hooks/g.sh`), nor of a longer name (`g.sh.bak`).
 */
function named(text: string, rel: string): boolean {
  const before = String.raw`(?:^|(?<=[^\w./$-])|(?:\$\{?\w+\}?|\}|\))["']?/)`;
  const after = String.raw`(?=$|[^\w.-]|\.(?!\w))`;
  return new RegExp(`${before}${literally(rel)}${after}`, 'm').test(text);
}

/** A regular file's text, when it is at most ADAPTER_MAX_BYTES; else nothing. */
function readSmall(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > ADAPTER_MAX_BYTES) return undefined;
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** An entry that runs a catalog's script itself. */
function duplicate(where: string, twin: CatalogScript, dir: string, bound: ForeignIn): Finding {
  const shown = twin.rel ?? path.relative(dir, twin.file) ?? twin.file;
  return {
    code: 'native-duplicate',
    severity: 'error',
    where,
    message:
      `runs ${shown}, which hookshim already runs for ${rowPlace(twin.row)} (${twin.row.event}): ` +
      `the guard runs twice, once here with ${bound.host}'s untranslated input`,
    fix:
      `remove this entry from ${bound.file}: hookshim runs ${shown} from the catalog (init keeps ` +
      `entries it does not own, so it will not remove it for you)`,
  };
}

/** An entry whose own script adapts a catalog hookshim runs. */
function adapted(where: string, adapter: string, names: string[], bound: ForeignIn): Finding {
  return {
    code: 'native-adapter',
    severity: 'warning',
    where,
    message:
      `runs ${adapter}, which names ${names.join(', ')}: a hand-written adapter of what hookshim runs, so ` +
      `those guards run twice per event (once here, once through hookshim)`,
    fix:
      `remove this entry from ${bound.file} (init keeps entries it does not own, so it will not remove it for ` +
      `you), and ${adapter} once nothing else runs it: hookshim runs the catalog`,
  };
}
