// Claude Code's hook `matcher` semantics: https://code.claude.com/docs/en/hooks#matcher-patterns

/** A compiled group matcher. `test` is case-sensitive in every mode. */
export interface Matcher {
  /** The matcher as written (undefined when the group has none). */
  readonly source: string | undefined;
  readonly kind: 'all' | 'exact' | 'regex' | 'invalid';
  /** Why an `invalid` matcher could not be compiled (the RegExp error). */
  readonly error?: string;
  test(value: string): boolean;
}

// Only these characters make a matcher an exact name or a `|`/`,` list; anything else is a regex.
const EXACT_CHARS = /^[A-Za-z0-9_\- ,|]*$/;

const MATCH_ALL: Matcher = { source: undefined, kind: 'all', test: () => true };
const cache = new Map<string, Matcher>();

// Compile a group's matcher once per distinct string (cached for the life of the process).
export function compileMatcher(matcher: string | undefined): Matcher {
  if (matcher === undefined) return MATCH_ALL;
  let compiled = cache.get(matcher);
  if (compiled === undefined) {
    compiled = build(matcher);
    cache.set(matcher, compiled);
  }
  return compiled;
}

// Decide the mode: omitted, "" or "*" match all; exact charset is a name list; the rest is an unanchored RegExp.
function build(source: string): Matcher {
  // A matcher of only blanks has no name in it; treated like "" rather than as a list that matches nothing.
  if (source === '*' || source.trim() === '') return { source, kind: 'all', test: () => true };
  if (EXACT_CHARS.test(source)) {
    const names = new Set(
      source
        .split(/[|,]/)
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    );
    return { source, kind: 'exact', test: (value) => names.has(value) };
  }
  let re: RegExp;
  try {
    re = new RegExp(source);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return { source, kind: 'invalid', error, test: () => false };
  }
  // `re` has no g/y flag, so `test` keeps no state between calls.
  return { source, kind: 'regex', test: (value) => re.test(value) };
}
