// The command line's own mistakes, said plainly: an unknown option gets the nearest known one, and an option that
// takes a value but was given none (`--catalog` last, `--dir=`) is a usage error instead of an empty value.
import type { Argv } from 'yargs';

/** The options of the command being parsed: every name, and those that take a value. */
export interface KnownOptions {
  names: string[];
  valued: string[];
}

/** The options a yargs builder declared (yargs keeps them on the instance; its types do not say so). */
export function optionsOf<T>(y: Argv<T>): KnownOptions {
  const o = (
    y as unknown as { getOptions(): { key: Record<string, unknown>; string: string[]; number: string[] } }
  ).getOptions();
  return { names: Object.keys(o.key), valued: [...o.string, ...o.number] };
}

/** The first option of argv given no value: `--name=` anywhere, or a valued `--name` last or before another option. */
export function optionWithoutValue(argv: readonly string[], valued: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') return undefined;
    const empty = /^--?([^=]+)=$/.exec(a);
    if (empty) return empty[1];
    const flag = /^--([^=]+)$/.exec(a);
    if (!flag || !valued.includes(flag[1] as string)) continue;
    const next = argv[i + 1];
    if (next === undefined || (next.startsWith('-') && next !== '-')) return flag[1];
  }
  return undefined;
}

/** yargs' "Unknown argument(s): a, b" made plain: an unknown command, an extra argument, an option with the nearest known one. */
export function withSuggestions(message: string, names: readonly string[], argv: readonly string[]): string {
  const m = /^Unknown arguments?: (.+)$/.exec(message);
  if (!m) return message;
  const said = (m[1] as string).split(', ').map((bad) => {
    if (argv[0] === bad) return `unknown command ${bad}`;
    if (argv.includes(bad)) return `unexpected argument ${bad}`;
    const near = nearest(bad, names);
    return `unknown option --${bad}${near ? ` (did you mean --${near}?)` : ''}`;
  });
  return said.join('; ');
}

/** The known name closest to `bad` within an edit distance of 2 (or one it begins), if any. */
export function nearest(bad: string, names: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of names) {
    if (name.length < 2 || /[A-Z]/.test(name)) continue;
    const d = name.startsWith(bad) && bad.length >= 3 ? 1 : distance(bad, name);
    if (d <= 2 && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** Levenshtein distance (insert, delete, substitute; an adjacent swap counts 1). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  return (d[a.length] as number[])[b.length] as number;
}
