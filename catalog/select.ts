// Which catalog rows run for one Claude event: event, matcher, `if`, handler type, dedup.
import { MATCHERLESS_EVENTS, PERMISSION_EVENTS, TOOL_EVENTS, UNRUNNABLE_TYPES } from './events.ts';
import { compileIfRule } from './ifRule.ts';
import { compileMatcher } from './matcher.ts';
import { rowPlace, type CatalogRow } from './types.ts';

export interface Subject {
  /**
   * Values the matcher is tested against, in preference order (for tool events: Claude tool-name candidates, e.g.
   * ["Bash", "Shell"]); empty for events whose matcher Claude ignores.
   */
  values: string[];
  /** Tool input for `if` rules (tool events only). */
  toolInput?: Record<string, unknown>;
  projectDir: string;
  /** Home directory for `~/` path patterns in `if` rules; without it they match only paths written with `~/`. */
  homeDir?: string;
}

export interface Selection {
  row: CatalogRow;
  /** The first subject value the row accepts (the Claude tool name to report); undefined on matcherless events. */
  matchedValue: string | undefined;
  /** Why it runs although hookshim could not evaluate its `if` (Claude's fail-safe: docs/claude-hooks.md §9). */
  note?: string;
}

/** The rows one event selected, skipped, must fail safe on, or cannot run. */
export interface Selected {
  selected: Selection[];
  skipped: Skip[];
  /** Rows whose matcher cannot be compiled on a permission event: Claude blocks the call (docs/claude-hooks.md §9). */
  failSafe: Skip[];
  /** Matched rows of a handler type hookshim cannot run (prompt, agent, mcp_tool): the caller decides, by event. */
  unrunnable: Skip[];
}

export interface Skip {
  row: CatalogRow;
  reason: string;
}

/**
 * Why a row's handler can never run under hookshim (an unknown handler type, a command handler without a command);
 * undefined when it can. prompt, agent and mcp_tool rows are neither: they are `unrunnable`, and fail safe where they
 * guard. The whole rule, its event included, is adapters/eventMap.ts rowCannotRun.
 */
export function handlerCannotRun(row: Pick<CatalogRow, 'type' | 'command'>): string | undefined {
  if (UNRUNNABLE_TYPES.has(row.type)) return undefined;
  if (row.type !== 'command' && row.type !== 'http') return `unknown handler type "${row.type}"`;
  if (row.type === 'command' && row.command === undefined) return 'command handler has no command';
  return undefined;
}

// Pick the rows to run for `claudeEvent`; rows that simply do not match are in neither list.
export function selectRows(rows: readonly CatalogRow[], claudeEvent: string, subject: Subject): Selected {
  const selected: Selection[] = [];
  const skipped: Skip[] = [];
  const failSafe: Skip[] = [];
  const unrunnable: Skip[] = [];
  const firstByCommand = new Map<string, CatalogRow>();
  const ignoresMatcher = MATCHERLESS_EVENTS.has(claudeEvent);
  const toolEvent = TOOL_EVENTS.has(claudeEvent);

  for (const row of rows) {
    if (row.event !== claudeEvent) continue;

    // Values this row's matcher accepts, in subject order.
    let accepted: (string | undefined)[];
    if (ignoresMatcher) {
      accepted = [undefined];
    } else {
      const matcher = compileMatcher(row.matcher);
      if (matcher.kind === 'invalid') {
        const reason = `matcher ${JSON.stringify(row.matcher)} is not a valid regular expression: ${matcher.error}`;
        // Claude ≥ 2.1.288 blocks a call it cannot match a PreToolUse or PermissionRequest row against (docs/claude-hooks.md §9).
        (PERMISSION_EVENTS.has(claudeEvent) ? failSafe : skipped).push({ row, reason });
        continue;
      }
      accepted =
        matcher.kind === 'all'
          ? subject.values.length
            ? subject.values
            : [undefined]
          : subject.values.filter((v) => matcher.test(v));
      if (accepted.length === 0) continue;
    }
    let matchedValue = accepted[0];
    let note: string | undefined;

    if (row.if !== undefined) {
      // `if` is evaluated only on tool events; elsewhere such a handler never runs (CLI >= 2.1.85, hooks doc "if").
      if (!toolEvent) {
        skipped.push({
          row,
          reason: `"if" is only evaluated on tool events; on ${claudeEvent} a handler with "if" never runs (Claude Code >= 2.1.85)`,
        });
        continue;
      }
      const rule = compileIfRule(row.if);
      const input = subject.toolInput ?? {};
      // A rule hookshim cannot evaluate runs its row, as Claude runs one it cannot decide (docs/claude-hooks.md §9).
      if (!rule.ok) note = `cannot evaluate "if": ${rule.reason}; the row runs on every call its matcher accepts`;
      // Try every accepted name, so the order of Cursor/Claude name candidates cannot hide a call from a guard.
      else
        matchedValue = accepted.find(
          (name) => name !== undefined && rule.test(name, input, subject.projectDir, subject.homeDir),
        );
      if (matchedValue === undefined) continue;
    }

    if (UNRUNNABLE_TYPES.has(row.type)) {
      unrunnable.push({ row, reason: `a "${row.type}" hook needs Claude Code itself to run` });
      continue;
    }
    const cannot = handlerCannotRun(row);
    if (cannot !== undefined) {
      skipped.push({ row, reason: cannot });
      continue;
    }
    // Claude Code runs a command handler defined twice once (hooks doc, "Hook handler fields": command + args); across
    // settings files too, but a plugin's copy stays separate (docs/claude-hooks.md §1.5).
    const scope = row.source?.kind === 'plugin' ? `plugin:${row.source.root ?? ''}` : row.source ? 'settings' : '';
    const key = JSON.stringify([scope, row.type, row.command ?? row.url, row.args ?? null]);
    const first = firstByCommand.get(key);
    if (first !== undefined) {
      skipped.push({ row, reason: `same command as ${rowPlace(first)}` });
      continue;
    }
    firstByCommand.set(key, row);
    selected.push({ row, matchedValue, ...(note ? { note } : {}) });
  }
  return { selected, skipped, failSafe, unrunnable };
}

/** Why each row of the catalog does or does not run for one Claude event: what `hookshim explain` shows. */
export interface RowExplanation {
  row: CatalogRow;
  /**
   * `selected`: runs. `skipped`: matched but cannot run (invalid matcher, `if` not evaluable, handler type, duplicate).
   * `unmatched`: the matcher or the `if` rule is false for this subject. `other-event`: a row of another Claude event.
   */
  status: 'selected' | 'skipped' | 'unmatched' | 'other-event';
  /** For `selected`: the subject value the row accepted. */
  matchedValue?: string;
  /** For everything but `selected`: why, in words. */
  reason?: string;
}

// Explain every row for `claudeEvent`; selection itself is selectRows', so explain and the hook path cannot disagree.
export function explainRows(rows: readonly CatalogRow[], claudeEvent: string, subject: Subject): RowExplanation[] {
  const { selected, skipped, failSafe, unrunnable } = selectRows(rows, claudeEvent, subject);
  const picked = new Map(selected.map((s) => [s.row, s]));
  const skips = new Map(skipped.map((s) => [s.row, s]));
  for (const s of failSafe) skips.set(s.row, { row: s.row, reason: `${s.reason}: the call is denied (fail safe)` });
  for (const s of unrunnable) skips.set(s.row, s);
  const tried = subject.values.length ? subject.values.join(', ') : '(no value)';
  return rows.map((row): RowExplanation => {
    if (row.event !== claudeEvent) return { row, status: 'other-event', reason: `a ${row.event} row` };
    const sel = picked.get(row);
    if (sel)
      return { row, status: 'selected', ...(sel.matchedValue !== undefined ? { matchedValue: sel.matchedValue } : {}) };
    const skip = skips.get(row);
    if (skip) return { row, status: 'skipped', reason: skip.reason };
    // Neither selected nor skipped: the matcher accepted nothing, or the `if` rule was false for every accepted value.
    const matcher = compileMatcher(row.matcher);
    const accepted =
      MATCHERLESS_EVENTS.has(claudeEvent) || matcher.kind === 'all'
        ? subject.values
        : subject.values.filter((v) => matcher.test(v));
    if (accepted.length === 0 && !MATCHERLESS_EVENTS.has(claudeEvent) && matcher.kind !== 'all') {
      const how = matcher.kind === 'exact' ? 'exact names' : 'regular expression';
      return {
        row,
        status: 'unmatched',
        reason: `matcher ${JSON.stringify(row.matcher)} (${how}) matches none of: ${tried}`,
      };
    }
    return {
      row,
      status: 'unmatched',
      reason: `"if": ${JSON.stringify(row.if)} is false for this input (tried as ${accepted.join(', ') || tried})`,
    };
  });
}
