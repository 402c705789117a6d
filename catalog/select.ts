// Which catalog rows run for one Claude event: event, matcher, `if`, handler type, dedup.
import { MATCHERLESS_EVENTS, TOOL_EVENTS } from './events.ts';
import { compileIfRule } from './ifRule.ts';
import { compileMatcher } from './matcher.ts';
import { rowPlace, type CatalogRow } from './types.ts';

export interface Subject {
  /** Values the matcher is tested against, in preference order (for tool events: Claude tool-name candidates, e.g. ["Bash", "Shell"]); empty for events whose matcher Claude ignores. */
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
}

export interface Skip {
  row: CatalogRow;
  reason: string;
}

/** Why a row can never run under hookshim (not a command handler, or one without a command); undefined when it can. */
export function rowCannotRun(row: CatalogRow): string | undefined {
  if (row.type !== 'command') return `type ${row.type} cannot run under hookshim: only command handlers run`;
  if (row.command === undefined) return 'command handler has no command';
  return undefined;
}

// Pick the rows to run for `claudeEvent`; rows that simply do not match are in neither list.
export function selectRows(
  rows: readonly CatalogRow[],
  claudeEvent: string,
  subject: Subject,
): { selected: Selection[]; skipped: Skip[] } {
  const selected: Selection[] = [];
  const skipped: Skip[] = [];
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
        skipped.push({
          row,
          reason: `matcher ${JSON.stringify(row.matcher)} is not a valid regular expression: ${matcher.error}`,
        });
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
      if (!rule.ok) {
        skipped.push({ row, reason: `cannot evaluate "if": ${rule.reason}` });
        continue;
      }
      const input = subject.toolInput ?? {};
      // Try every accepted name, so the order of Cursor/Claude name candidates cannot hide a call from a guard.
      matchedValue = accepted.find(
        (name) => name !== undefined && rule.test(name, input, subject.projectDir, subject.homeDir),
      );
      if (matchedValue === undefined) continue;
    }

    const cannot = rowCannotRun(row);
    if (cannot !== undefined) {
      skipped.push({ row, reason: cannot });
      continue;
    }
    // Claude Code runs a command handler defined twice once (hooks doc, "Hook handler fields": command + args); across
    // settings files too, but a plugin's copy stays separate (docs/claude-hooks.md §1.5).
    const scope = row.source?.kind === 'plugin' ? `plugin:${row.source.root ?? ''}` : row.source ? 'settings' : '';
    const key = JSON.stringify([scope, row.command, row.args ?? null]);
    const first = firstByCommand.get(key);
    if (first !== undefined) {
      skipped.push({ row, reason: `same command as ${rowPlace(first)}` });
      continue;
    }
    firstByCommand.set(key, row);
    selected.push({ row, matchedValue });
  }
  return { selected, skipped };
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
  const { selected, skipped } = selectRows(rows, claudeEvent, subject);
  const picked = new Map(selected.map((s) => [s.row, s]));
  const skips = new Map(skipped.map((s) => [s.row, s]));
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
