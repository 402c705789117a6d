// Entry of the vendored shim (.cursor/hooks/hookshim.cjs, CommonJS: Node starts it faster than an ES module): the
// hook code is embedded as texts, each a group of "chunks" (scripts/build.mjs textGroups), and compiled here: the
// entry's group at once, every other group when the code first requires one of its chunks, so an event compiles only
// the code it runs.
// With HOOKSHIM_CODE_CACHE=1 each text is compiled from a V8 code cache kept in the private state directory, so an
// event loads bytecode instead of compiling. The cache is opt-in: V8 checks a cache against the length of the source
// only, so bytecode compiled from other code of that length would run in place of the shim's, and the guarded agent
// can write the state directory (docs/security.md, guarantee 5).
import './firstLine.ts';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { sourceOf } from '../hook/internals.ts';
import { stateRootFor } from '../state/dir.ts';
import { ensurePrivateDir, readOwnedBytes, writeFileAtomic } from '../state/fsx.ts';

/** The digest of the entry's text (it names its code cache). */
declare const HOOKSHIM_CODE_HASH: string;
/** The chunks the hook code requires by name (`./chunk-….js`), each with its text (group) and that text's digest. */
declare const HOOKSHIM_CHUNKS: Record<string, { group: string; hash: string }>;
/** The entry chunk, and the name of its group's text. */
const ENTRY = './hook.js';

/** The function that ends this file: its body is the comment that holds the texts (scripts/build.mjs textTrailer). */
declare function HOOKSHIM_TEXTS(): void;
/** What marks a text in that comment. */
const TEXT_MARK = '\u0001';
/** A text's own `*` `/` pairs, as the trailer writes them. */
const ESCAPED_END = '*\u0002/';

type CommonJs = (
  exports: object,
  require: NodeRequire,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;
/** What a text evaluates to: its chunks' functions, by name. */
type Group = Record<string, CommonJs>;

/** Cache files older than this are removed when a new one is written (other hookshim or Node versions). */
const CACHE_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

// HOOKSHIM_DEBUG: the loader's own marks, for the hook's timings line (src/hook/spans.ts).
const debug = process.env.HOOKSHIM_DEBUG === '1' || process.env.HOOKSHIM_DEBUG === 'true';
const marks: [string, number][] | undefined = debug
  ? [['node started + loader compiled', performance.now()]]
  : undefined;
if (marks) (globalThis as Record<symbol, unknown>)[Symbol.for('hookshim.marks')] = marks;
/** HOOKSHIM_DEBUG: what V8 was handed to compile, all texts together (the timings line reports it). */
const compiled = debug ? { texts: 0, bytes: 0, ms: 0 } : undefined;
if (compiled) (globalThis as Record<symbol, unknown>)[Symbol.for('hookshim.compiled')] = compiled;
const file = __filename;
const cacheDir = cacheDirectory();
/** A chunk's module once required (each runs once per process, like a required module). */
const chunkModules = new Map<string, { exports: object }>();
/** A group's chunks once its text is compiled (each text compiles once per process). */
const groups = new Map<string, Group>();
/** The groups' code caches to write at exit, by one listener (one per text outgrew Node's 10-listener warning). */
const groupCaches: [string, vm.Script][] = [];

main();

/** Compile and run the hook code, with the chunks behind its require. */
function main(): void {
  const base = cacheDir ? path.join(cacheDir, `${HOOKSHIM_CODE_HASH}-${process.version}-${process.arch}`) : null;
  // Two generations: a cache written after a run that started scripts also holds the functions only such a run
  // compiles; it is preferred, and a lean cache is upgraded once scripts run.
  const full = base ? `${base}.full.bin` : null;
  const lean = base ? `${base}.bin` : null;
  const fullBytes = full ? readOwnedBytes(full) : undefined;
  const cached = fullBytes ?? (lean ? readOwnedBytes(lean) : undefined);
  marks?.push(['code cache read', performance.now()]);
  const script = compile(textOf(ENTRY), file, cached);
  marks?.push([
    `compiled (cache ${cached ? (script.cachedDataRejected ? 'rejected' : fullBytes ? 'full' : 'lean') : 'none'})`,
    performance.now(),
  ]);
  // Written at exit, so the cache also holds the functions this run compiled lazily.
  if (full && lean) {
    process.once('exit', () => {
      const ranScripts = (globalThis as Record<symbol, unknown>)[Symbol.for('hookshim.startedScripts')] === true;
      if (script.cachedDataRejected || !cached) writeCache(ranScripts ? full : lean, script);
      else if (ranScripts && !fullBytes) writeCache(full, script);
    });
  }
  const entry = script.runInThisContext() as Group;
  groups.set(ENTRY, entry);
  runChunk(entry, ENTRY, { exports: {} });
}

/** The hook code's require: a chunk by its name (run on first use, once per process), anything else from Node. */
function hookRequire(id: string): unknown {
  const chunk = Object.hasOwn(HOOKSHIM_CHUNKS, id) ? HOOKSHIM_CHUNKS[id] : undefined;
  if (!chunk) return require(id);
  let mod = chunkModules.get(id);
  if (!mod) {
    mod = { exports: {} };
    chunkModules.set(id, mod);
    runChunk(groupOf(chunk), id, mod);
  }
  return mod.exports;
}

/** Run chunk `id` of its compiled group as a CommonJS module. */
function runChunk(group: Group, id: string, mod: { exports: object }): void {
  const run = group[id];
  if (!run) throw new Error(`hookshim: ${file} is damaged (no chunk ${id} in it): vendor it again with hookshim init`);
  run(mod.exports, hookRequire as NodeRequire, mod, file, path.dirname(file));
}

/** A group's chunks: its text compiled on first use (from its code cache when on), once per process. */
function groupOf({ group, hash }: { group: string; hash: string }): Group {
  let got = groups.get(group);
  if (got) return got;
  const cache = cacheDir ? path.join(cacheDir, `${hash}-${process.version}-${process.arch}.bin`) : null;
  const cached = cache ? readOwnedBytes(cache) : undefined;
  const script = compile(textOf(group), `${file}#${group}`, cached);
  if (cache && (!cached || script.cachedDataRejected) && groupCaches.push([cache, script]) === 1)
    process.once('exit', () => {
      for (const [f, s] of groupCaches) writeCache(f, s);
    });
  got = script.runInThisContext() as Group;
  groups.set(group, got);
  return got;
}

/** The texts' comment as Node read this file: the source of the function that holds it, a slice of that text. */
let ownText: string | undefined;

/** Whether this file was read again (the public API's way to the texts). */
let readAgain = false;

/** The text `id` (a group: an object of CommonJS function expressions), cut from the comment that ends this file. */
function textOf(id: string): string {
  const marker = `${TEXT_MARK}${id}${TEXT_MARK}`;
  ownText ??= sourceOf(typeof HOOKSHIM_TEXTS === 'function' ? HOOKSHIM_TEXTS : undefined);
  let at = ownText?.indexOf(marker) ?? -1;
  // The public API's way (internals off, or V8 handing back no source): read this file again, once.
  if (at < 0 && !readAgain) {
    readAgain = true;
    ownText = fs.readFileSync(file, 'utf8');
    at = ownText.indexOf(marker);
  }
  const all = ownText ?? '';
  const end = at < 0 ? -1 : all.indexOf(TEXT_MARK, at + marker.length);
  if (end < 0)
    throw new Error(`hookshim: ${file} is damaged (no text ${id} in it): vendor it again with hookshim init`);
  const text = all.slice(at + marker.length, end);
  return text.includes(ESCAPED_END) ? text.replaceAll(ESCAPED_END, '*/') : text;
}

/** Compile one text (from its code cache when given one), counting the time with HOOKSHIM_DEBUG. */
function compile(code: string, filename: string, cached: Buffer | undefined): vm.Script {
  const t0 = compiled ? performance.now() : 0;
  const script = new vm.Script(code, { filename, ...(cached ? { cachedData: cached } : {}) });
  if (compiled) {
    compiled.texts++;
    compiled.bytes += code.length;
    compiled.ms += performance.now() - t0;
  }
  return script;
}

/** <state>/code-cache, with HOOKSHIM_CODE_CACHE=1 and a private state directory; else null. */
function cacheDirectory(): string | null {
  if (process.env.HOOKSHIM_CODE_CACHE !== '1') return null;
  try {
    const root = stateRootFor(process.env);
    if (ensurePrivateDir(root, true)) return null;
    const dir = path.join(root, 'code-cache');
    return ensurePrivateDir(dir, false) ? null : dir;
  } catch {
    return null;
  }
}

/** Write the cache atomically and drop stale ones; best effort. */
function writeCache(cache: string, compiled: vm.Script): void {
  try {
    writeFileAtomic(cache, compiled.createCachedData());
    const dir = path.dirname(cache);
    for (const name of fs.readdirSync(dir)) {
      const other = path.join(dir, name);
      if (other !== cache && Date.now() - fs.lstatSync(other).mtimeMs > CACHE_MAX_AGE_MS)
        fs.rmSync(other, { force: true });
    }
  } catch {
    /* a missing cache only costs time */
  }
}
