// A small TOML reader for what doctor needs from Codex's config.toml (docs/codex-hooks.md §1): tables and dotted keys
// (bare, "basic" and 'literal' quoted), strings (one-line and multi-line), arrays and inline tables; every other value
// is kept as its text. A file it cannot read is an error with its line, never a guess.

/** A TOML table as read: strings, nested tables and arrays; other scalars as their text. */
export type TomlValue = string | TomlTable | TomlValue[];
export interface TomlTable {
  [key: string]: TomlValue;
}

/** What went wrong, and where. */
class TomlError extends Error {}

/** A cursor over the text. */
interface At {
  s: string;
  i: number;
}

/** Parse `text`; `{error}` names the line of the first thing it could not read. */
export function parseToml(text: string): { doc: TomlTable } | { error: string } {
  const at: At = { s: text.replace(/\r\n/g, '\n'), i: 0 };
  const doc: TomlTable = {};
  let table = doc;
  try {
    for (;;) {
      skipBlank(at, true);
      if (at.i >= at.s.length) return { doc };
      if (at.s[at.i] === '[') table = header(at, doc);
      else {
        const keys = keyPath(at);
        expect(at, '=');
        put(table, keys, value(at));
      }
      endOfLine(at);
    }
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    return { error: `line ${at.s.slice(0, at.i).split('\n').length}: ${err.message}` };
  }
}

/** `[a."b"]` (the table, created) or `[[a]]` (a new table appended to the array). */
function header(at: At, doc: TomlTable): TomlTable {
  const many = at.s.startsWith('[[', at.i);
  at.i += many ? 2 : 1;
  const keys = keyPath(at);
  expect(at, many ? ']]' : ']');
  const parent = walk(doc, keys.slice(0, -1));
  const last = keys[keys.length - 1] as string;
  if (!many) return walk(parent, [last]);
  const list = parent[last] ?? (parent[last] = []);
  if (!Array.isArray(list)) throw new TomlError(`${last} is not an array of tables`);
  const t: TomlTable = {};
  list.push(t);
  return t;
}

/** The table at `keys` under `t`, created where missing (the last table of an array of tables). */
function walk(t: TomlTable, keys: readonly string[]): TomlTable {
  let cur = t;
  for (const k of keys) {
    let next = cur[k] ?? (cur[k] = {});
    if (Array.isArray(next)) next = next[next.length - 1] ?? {};
    if (typeof next !== 'object' || Array.isArray(next)) throw new TomlError(`${k} is not a table`);
    cur = next;
  }
  return cur;
}

/** Set `keys` (dotted) to `v` in `t`. */
function put(t: TomlTable, keys: readonly string[], v: TomlValue): void {
  const last = keys[keys.length - 1] as string;
  const parent = walk(t, keys.slice(0, -1));
  if (Object.hasOwn(parent, last)) throw new TomlError(`${keys.join('.')} is defined twice`);
  parent[last] = v;
}

/** A dotted key: `a."b c".'d'`. */
function keyPath(at: At): string[] {
  const keys: string[] = [];
  for (;;) {
    skipBlank(at, false);
    const c = at.s[at.i];
    if (c === '"' || c === "'") keys.push(str(at));
    else {
      const m = /^[A-Za-z0-9_-]+/.exec(at.s.slice(at.i, at.i + 256));
      if (!m) throw new TomlError('a key was expected');
      keys.push(m[0]);
      at.i += m[0].length;
    }
    skipBlank(at, false);
    if (at.s[at.i] !== '.') return keys;
    at.i++;
  }
}

/** One value: a string, an array, an inline table, or a scalar kept as its text. */
function value(at: At): TomlValue {
  skipBlank(at, false);
  const c = at.s[at.i];
  if (c === '"' || c === "'") return str(at);
  if (c === '[') return array(at);
  if (c === '{') return inline(at);
  const m = /^[^\s,\]}#]+/.exec(at.s.slice(at.i, at.i + 256));
  if (!m) throw new TomlError('a value was expected');
  at.i += m[0].length;
  return m[0];
}

/** `[v, v, …]`, across lines, comments allowed. */
function array(at: At): TomlValue[] {
  at.i++;
  const out: TomlValue[] = [];
  for (;;) {
    skipBlank(at, true);
    if (at.s[at.i] === ']') break;
    out.push(value(at));
    skipBlank(at, true);
    if (at.s[at.i] === ',') at.i++;
    else if (at.s[at.i] !== ']') throw new TomlError('"," or "]" was expected in an array');
  }
  at.i++;
  return out;
}

/** `{k = v, …}` on one line. */
function inline(at: At): TomlTable {
  at.i++;
  const out: TomlTable = {};
  skipBlank(at, false);
  if (at.s[at.i] === '}') return (at.i++, out);
  for (;;) {
    const keys = keyPath(at);
    expect(at, '=');
    put(out, keys, value(at));
    skipBlank(at, false);
    const c = at.s[at.i++];
    if (c === '}') return out;
    if (c !== ',') throw new TomlError('"," or "}" was expected in an inline table');
  }
}

const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

/** A basic or literal string, one-line or multi-line. */
function str(at: At): string {
  const q = at.s[at.i] as string;
  const multi = at.s.startsWith(q.repeat(3), at.i);
  const close = multi ? q.repeat(3) : q;
  at.i += close.length;
  if (multi && at.s[at.i] === '\n') at.i++;
  let out = '';
  for (;;) {
    if (at.i >= at.s.length || (!multi && at.s[at.i] === '\n')) throw new TomlError('a string is not closed');
    if (at.s.startsWith(close, at.i)) {
      at.i += close.length;
      return out;
    }
    const c = at.s[at.i++] as string;
    if (c !== '\\' || q === "'") {
      out += c;
      continue;
    }
    const e = at.s[at.i++] as string;
    if (e === 'u' || e === 'U') {
      const n = e === 'u' ? 4 : 8;
      out += String.fromCodePoint(parseInt(at.s.slice(at.i, at.i + n), 16));
      at.i += n;
    } else if (multi && /\s/.test(e)) at.i = at.s.slice(at.i - 1).search(/\S/) + at.i - 1;
    else if (ESCAPES[e] !== undefined) out += ESCAPES[e];
    else throw new TomlError(`an unknown escape \\${e}`);
  }
}

/** Skip spaces, tabs and comments (and newlines, when `lines`). */
function skipBlank(at: At, lines: boolean): void {
  for (;;) {
    const c = at.s[at.i];
    if (c === ' ' || c === '\t' || (lines && c === '\n')) at.i++;
    else if (c === '#') while (at.i < at.s.length && at.s[at.i] !== '\n') at.i++;
    else return;
  }
}

/** Nothing but a comment may follow on the line. */
function endOfLine(at: At): void {
  skipBlank(at, false);
  if (at.i < at.s.length && at.s[at.i] !== '\n') throw new TomlError(`unexpected ${JSON.stringify(at.s[at.i])}`);
}

function expect(at: At, what: string): void {
  skipBlank(at, false);
  if (!at.s.startsWith(what, at.i)) throw new TomlError(`"${what}" was expected`);
  at.i += what.length;
}
