// The matcher of a host that tests it as a regular expression over the whole tool name (Copilot: docs/copilot-hooks.md
// §2; Codex: docs/codex-hooks.md §2), built from the host's tool table: which of its tools a bound matcher skips that
// rows need, and whether it starts hookshim for a payload. Pure.
import { compileMatcher } from '../../catalog/matcher.ts';
import { str } from '../json.ts';
import { possibleCandidates } from '../toolEvent.ts';
import type { MatcherSemantics } from './types.ts';

/** A whole-name matcher host, as data. */
export interface WholeNameSpec {
  /** The events whose entry takes a matcher. */
  events: readonly string[];
  /** The host's tools, each with the shared tool it is read as. */
  tools: Readonly<Record<string, string>>;
  /** Other names the host accepts a tool under (Codex: Edit and Write for apply_patch). */
  aliases?: Readonly<Record<string, readonly string[]>>;
  /** The payload key holding the tool's name. */
  toolKey: string;
}

/** The host's regular expression, anchored at both ends; undefined when it does not compile. */
function whole(bound: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${bound})$`);
  } catch {
    return undefined;
  }
}

/** The matcher semantics of a whole-name host. */
export function wholeNameMatcher(spec: WholeNameSpec): MatcherSemantics {
  const names = (tool: string) => [tool, ...(spec.aliases?.[tool] ?? [])];
  const accepts = (bound: string, tool: string) => {
    const re = whole(bound);
    return re === undefined || names(tool).some((n) => re.test(n));
  };
  return {
    events: Object.fromEntries(spec.events.map((e) => [e, 'tool'])),
    misses(event, bound, rowMatchers) {
      if (!spec.events.includes(event)) return [];
      const compiled = rowMatchers.map((m) => compileMatcher(m));
      const any = compiled.some((m) => m.kind === 'all' || m.kind === 'invalid');
      const sees = (names: readonly string[]) =>
        any || compiled.some((m) => m.kind !== 'invalid' && names.some((n) => m.test(n)));
      const known = Object.entries(spec.tools).map(([tool, as]) => ({ tool, seen: [...possibleCandidates(as), tool] }));
      const missed = known.filter((k) => sees(k.seen) && !accepts(bound, k.tool)).map((k) => k.tool);
      // A name a row matches exactly that is none of the known tools' (an MCP tool): started only if the matcher takes it.
      const exact = rowMatchers.flatMap((m) => (compileMatcher(m).kind === 'exact' ? (m ?? '').split(/[|,]/) : []));
      const other = exact.map((n) => n.trim()).filter((n) => n && !known.some((k) => k.seen.includes(n)));
      return [...missed, ...new Set(other.filter((n) => !accepts(bound, n)))];
    },
    accepts: (event, bound, input) => !spec.events.includes(event) || accepts(bound, str(input[spec.toolKey]) ?? ''),
  };
}
