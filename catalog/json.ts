// JSON text as every file hookshim reads it: a leading BOM dropped, and a syntax error placed at line:column, never
// at a character offset (V8 gives an offset for some errors and none for others).

export type JsonText = { ok: true; value: unknown } | { ok: false; error: string; line: number; column: number };

/** JSON text (a leading BOM dropped) as a value, or undefined when it is not JSON: for readers that fall back quietly. */
export function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return undefined;
  }
}

/** Parse JSON text; on a syntax error say where, as `at line L, column C: <V8's message>`. */
export function parseJsonText(text: string): JsonText {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const pos = Number(/position (\d+)/.exec(message)?.[1] ?? errorOffset(body));
    const before = body.slice(0, pos);
    const line = before.split('\n').length;
    const column = pos - before.lastIndexOf('\n');
    return { ok: false, error: `at line ${line}, column ${column}: ${message}`, line, column };
  }
}

/** Where a JSON text stops being valid (a small recursive-descent scan; only called on text JSON.parse refused). */
export function errorOffset(s: string): number {
  let i = 0;
  const ws = () => {
    while (i < s.length && ' \t\n\r'.includes(s[i] as string)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => (s.startsWith(word, i) ? (i += word.length) : fail());
  const string = () => {
    i++;
    for (;;) {
      if (i >= s.length || s.charCodeAt(i) < 0x20) fail();
      const c = s[i];
      if (c === '"') return void i++;
      if (c === '\\') {
        const e = s[i + 1] ?? '';
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) i += 6;
        else if ('"\\/bfnrt'.includes(e) && e !== '') i += 2;
        else return void (i++, fail());
      } else i++;
    }
  };
  const number = () => {
    if (s[i] === '-') i++;
    const m = /^(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(s.slice(i));
    if (!m) fail();
    i += (m as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    ws();
    const c = s[i];
    if (c === '{') return members('}', true);
    if (c === '[') return members(']', false);
    if (c === '"') return string();
    if (c === 't') return void literal('true');
    if (c === 'f') return void literal('false');
    if (c === 'n') return void literal('null');
    return number();
  };
  const members = (close: string, keyed: boolean): void => {
    i++;
    ws();
    if (s[i] === close) return void i++;
    for (;;) {
      if (keyed) {
        ws();
        if (s[i] !== '"') fail();
        string();
        ws();
        if (s[i] !== ':') fail();
        i++;
      }
      value();
      ws();
      if (s[i] === close) return void i++;
      if (s[i] !== ',') fail();
      i++;
    }
  };
  try {
    value();
    ws();
    return i < s.length ? i : s.length;
  } catch (at) {
    return typeof at === 'number' ? Math.min(at, s.length) : s.length;
  }
}
