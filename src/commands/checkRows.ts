// `hookshim check`, row by row: matcher, `if`, the script a row runs, its timeout, and this repository's conventions.
// Each row is checked as its own catalog runs it (catalog/sources.ts placeholderVars) and named with its catalog.
import fs from 'node:fs';
import path from 'node:path';
import { rowCannotRun } from '../../adapters/hosts/cursor/carriers.ts';
import { CURSOR_TO_CLAUDE } from '../../adapters/tools.ts';
import { looksLikeMs, MATCHERLESS_EVENTS, PERMISSION_EVENTS, rowTimeoutS, TOOL_EVENTS } from '../../catalog/events.ts';
import { compileIfRule } from '../../catalog/ifRule.ts';
import { compileMatcher } from '../../catalog/matcher.ts';
import { CLAUDE_HANDLER_FIELDS } from '../../catalog/schema.ts';
import { scriptOf, type ScriptRef } from '../../catalog/script.ts';
import { placeholderVars } from '../../catalog/sources.ts';
import { rowPlace, type Catalog, type CatalogRow } from '../../catalog/types.ts';
import { slackFor, WINDOWS_LAUNCH_MS } from '../project/budget.ts';
import { isOurs, runsOn, type HooksFile, type BindingPlan } from '../project/binding.ts';
import type { HookshimConfig } from '../project/config.ts';
import type { Finding } from './findings.ts';
import { checkProgram, type ProgramContext } from './checkProgram.ts';

/** How to run a non-executable script instead, by extension. */
const INTERPRETER_BY_EXT: Record<string, string> = {
  '.sh': 'sh',
  '.mjs': 'node',
  '.js': 'node',
  '.cjs': 'node',
  '.py': 'python3',
  '.rb': 'ruby',
};

export const REBIND = 'run `hookshim init` and commit .cursor/hooks.json';

/** Every Claude tool name a Cursor tool maps to. */
const CLAUDE_REACHED: readonly string[] = [
  ...new Set(Object.values(CURSOR_TO_CLAUDE).flatMap((v) => (v ?? []) as readonly string[])),
];

/** Every Claude tool name a Cursor tool can reach (plus the raw Cursor names, which are always tried too). */
const REACHABLE_TOOLS: ReadonlySet<string> = new Set([...Object.keys(CURSOR_TO_CLAUDE), ...CLAUDE_REACHED]);

/** A permission rule written where a matcher goes: `Bash(git push:*)`, `Edit(*.ts)` (docs/claude-hooks.md §1.2 `if`). */
const RULE_LIKE = /^\s*(?:[A-Z][A-Za-z]*|mcp__[\w-]+)\([^()]*\)\s*$/;

export interface RowContext extends ProgramContext {
  dir: string;
  /** A plugin's rows run in whatever workspace installs it: `$CLAUDE_PROJECT_DIR` and relative paths are not `dir`. */
  workspaceUnknown?: boolean;
  home: string | undefined;
  hooks: HooksFile;
  plan: BindingPlan;
}

/** Per row: matcher, `if`, the script it runs, and whether its timeout fits the wrapper's budget. */
export function checkRows(catalog: Catalog, c: RowContext): Finding[] {
  const out: Finding[] = [];
  for (const row of catalog.rows) {
    const where = rowPlace(row);
    const never = rowCannotRun(row);
    if (never) out.push({ code: 'never-runs', severity: 'info', where, message: `never runs under Cursor: ${never}` });
    out.push(...checkMatcher(row, where, never));
    if (row.if !== undefined) {
      if (!TOOL_EVENTS.has(row.event))
        out.push({
          code: 'if-never-runs',
          severity: 'error',
          where,
          message:
            `"if" is only evaluated on tool events; on ${row.event} a handler with "if" never runs ` +
            `(Claude Code ≥ 2.1.85 behaves the same)`,
          fix: 'drop "if", or move the handler to a tool event',
        });
      else {
        const rule = compileIfRule(row.if);
        if (!rule.ok)
          out.push({
            code: 'if-invalid',
            severity: 'warning',
            where,
            message:
              `"if" cannot be evaluated: ${rule.reason}; hookshim runs the row on every call its ` +
              `matcher accepts, as Claude Code runs a row it cannot decide`,
            fix: 'use a rule hookshim evaluates: Tool, Bash(cmd prefix *), Read/Write/Edit(path glob), WebFetch(domain:…), Agent(type)',
          });
      }
    }
    if (row.type === 'command' && row.extra?.length) out.push(...checkFields(row.extra, where));
    if (row.type === 'command' && row.command !== undefined) {
      const ref = scriptOf(row, placeholderVars(row, projectOf(c)), c.home);
      if (!never) out.push(...checkProgram(row, ref, where, c));
      out.push(...checkScript(row, ref, where, c));
    }
    if (!never && row.type === 'command') out.push(...checkTimeout(row, where, c));
  }
  return out;
}

/** The matcher: a valid regular expression, not a permission rule, naming a tool Cursor calls. */
function checkMatcher(row: CatalogRow, where: string, never: string | undefined): Finding[] {
  if (row.matcher === undefined) return [];
  if (MATCHERLESS_EVENTS.has(row.event))
    return row.matcher !== '' && row.matcher !== '*'
      ? [
          {
            code: 'matcher-ignored',
            severity: 'info',
            where,
            message: `${row.event} ignores matchers: the row runs on every ${row.event}`,
          },
        ]
      : [];
  const rules = TOOL_EVENTS.has(row.event) ? row.matcher.split('|').filter((part) => RULE_LIKE.test(part)) : [];
  if (rules.length > 0) {
    const rule = (rules[0] as string).trim();
    return [
      {
        code: 'matcher-permission-rule',
        severity: 'error',
        where,
        message:
          `matcher ${JSON.stringify(row.matcher)} is permission-rule syntax: a matcher is tested ` +
          `against the tool name only, so ${
            rules.length === 1
              ? `${JSON.stringify(rule)} never matches`
              : `${rules.map((r) => JSON.stringify(r.trim())).join(', ')} never match`
          }${rules.length === row.matcher.split('|').length ? ' and the row never runs' : ''}, in Claude Code either`,
        fix:
          `match the tool and filter with "if": {"matcher": "${rule.slice(0, rule.indexOf('('))}", ` +
          `"hooks": [{…, "if": ${JSON.stringify(rule)}}]}`,
      },
    ];
  }
  const m = compileMatcher(row.matcher);
  if (m.kind === 'invalid')
    return [
      {
        code: 'matcher-invalid',
        severity: 'error',
        where,
        message:
          `matcher ${JSON.stringify(row.matcher)} is not a valid regular expression (${m.error}): ` +
          `${
            PERMISSION_EVENTS.has(row.event)
              ? 'every call it might match is denied, as Claude Code ≥ 2.1.288 denies it'
              : 'the row never runs, in Claude Code either'
          }`,
        fix: 'fix the pattern; tool names are matched case-sensitively, e.g. "Write|Edit" or "mcp__github__.*"',
      },
    ];
  if (m.kind !== 'exact' || !TOOL_EVENTS.has(row.event) || never) return [];
  const names = row.matcher
    .split(/[|,]/)
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names.length || names.some((n) => REACHABLE_TOOLS.has(n) || n.startsWith('mcp__'))) return [];
  return [
    {
      code: 'matcher-unreachable',
      severity: 'warning',
      where,
      message:
        `matcher ${JSON.stringify(row.matcher)} names no tool Cursor calls (its tools reach ` +
        `${CLAUDE_REACHED.join(', ')} and mcp__<server>__<tool>): it never fires under Cursor`,
    },
  ];
}

/**
 * Handler fields hookshim does not act on: Claude's own that have no effect here (info), and fields nobody defines
 * (warning: a misspelt field does nothing).
 */
function checkFields(extra: readonly string[], where: string): Finding[] {
  const list = (keys: string[]) => keys.map((k) => `"${k}"`).join(', ');
  const claude = extra.filter((k) => CLAUDE_HANDLER_FIELDS.has(k));
  const unknown = extra.filter((k) => !CLAUDE_HANDLER_FIELDS.has(k));
  const out: Finding[] = [];
  if (unknown.length)
    out.push({
      code: 'field-unknown',
      severity: 'warning',
      where,
      message:
        `${list(unknown)}: not a handler field Claude Code defines, and hookshim ignores ` +
        `${unknown.length > 1 ? 'them' : 'it'} (a misspelt field does nothing)`,
      fix: 'fix the spelling (docs/claude-hooks.md §1.2 lists the fields), or remove it',
    });
  if (claude.length)
    out.push({
      code: 'field-ignored',
      severity: 'info',
      where,
      message: `${list(claude)}: Claude Code's, but hookshim does not act on ${claude.length > 1 ? 'them' : 'it'} under Cursor`,
    });
  return out;
}

/** Where the rows' project paths resolve: the project, or for a plugin a stand-in no real path starts with. */
const UNKNOWN_WORKSPACE = path.resolve('/', '\u0000the workspace that installs the plugin');
const projectOf = (c: RowContext): string => (c.workspaceUnknown ? UNKNOWN_WORKSPACE : c.dir);

/** The file a row runs: there, a file, and executable when run directly (its program: src/commands/checkProgram.ts). */
function checkScript(row: CatalogRow, ref: ScriptRef, where: string, c: RowContext): Finding[] {
  if (ref.kind === 'file' && ref.path.startsWith(UNKNOWN_WORKSPACE))
    return [
      {
        code: 'script-unchecked',
        severity: 'info',
        where,
        message:
          `cannot check ${JSON.stringify(row.command)}: it runs ` +
          `${ref.written.replace(UNKNOWN_WORKSPACE, '$CLAUDE_PROJECT_DIR')} in the workspace that installs ` +
          `the plugin, not in the plugin`,
      },
    ];
  if (ref.kind === 'opaque')
    return [
      {
        code: 'script-unchecked',
        severity: 'info',
        where,
        message: `cannot check what ${JSON.stringify(row.command)} runs: ${ref.why}`,
      },
    ];
  if (ref.kind === 'command') return [];
  const shown = path.relative(c.dir, ref.path).startsWith('..') ? ref.path : path.relative(c.dir, ref.path);
  // preToolUse and stop-like events fail closed on a script that cannot run; context-only paths drop it (docs/design.md §6).
  const closed = row.event === 'PreToolUse' || row.event === 'Stop' || row.event === 'SubagentStop';
  let stat: fs.Stats;
  try {
    stat = fs.statSync(ref.path);
  } catch {
    return [
      {
        code: 'script-missing',
        severity: 'error',
        where,
        message: `runs ${shown}, which does not exist: ${
          closed ? 'every event it matches fails closed (a deny or follow-up naming it)' : 'it fails every time it runs'
        }`,
        fix: `add ${shown}, or fix the path in the catalog`,
      },
    ];
  }
  if (!stat.isFile())
    return [{ code: 'script-missing', severity: 'error', where, message: `runs ${shown}, which is not a file` }];
  if (ref.direct) {
    try {
      fs.accessSync(ref.path, fs.constants.X_OK);
    } catch {
      const via = INTERPRETER_BY_EXT[path.extname(ref.path)];
      return [
        {
          code: 'script-not-executable',
          severity: 'error',
          where,
          message:
            `runs ${shown} directly, but it is not executable: the shell exits 126 and ` +
            `${
              closed
                ? 'hookshim fails closed (a deny or follow-up naming it)'
                : 'the row fails every time (logged, dropped)'
            }`,
          fix: `chmod +x ${shown} && git update-index --chmod=+x ${shown}${via ? `, or run it as "${via} ${shown}"` : ''}`,
        },
      ];
    }
  }
  return [];
}

/** A row's own timeout must fit the wrapper timeout of every bound Cursor event that runs it, minus hookshim's slack. */
function checkTimeout(row: CatalogRow, where: string, c: RowContext): Finding[] {
  if (looksLikeMs(row.timeout)) return [millisecondTimeout(row, where, c)];
  if (row.async) return [];
  const out: Finding[] = [];
  for (const ev of c.plan.events.filter((e) => runsOn(row.event, e))) {
    const { wrapper, from } = wrapperOf(ev, c);
    const budget = (wrapper * 1000 - slackFor(wrapper)) / 1000;
    if (row.timeout !== undefined && row.timeout > budget) {
      out.push({
        code: 'timeout-too-long',
        severity: 'error',
        where,
        message:
          `timeout ${row.timeout}s cannot fit: ${from} and hookshim answers ` +
          `${slackFor(wrapper) / 1000}s before Cursor's kill, so the script is cut at ${budget}s and ` +
          `${ev === 'preToolUse' || ev === 'stop' ? 'fails closed' : 'its answer is lost'}`,
        fix: wrapper >= 600 ? `lower the row's timeout to ${budget}s or less (init binds at most 600s)` : REBIND,
      });
    } else if (row.timeout !== undefined && row.timeout > budget - WINDOWS_LAUNCH_MS / 1000) {
      // The committed binding is the whole team's: on Windows Cursor's clock also pays PowerShell's start (budget.ts).
      const cut = budget - WINDOWS_LAUNCH_MS / 1000;
      out.push({
        code: 'timeout-too-long-windows',
        severity: 'warning',
        where,
        message:
          `timeout ${row.timeout}s fits here but not on Windows: ${from}, and there hookshim also ` +
          `leaves ${WINDOWS_LAUNCH_MS / 1000}s for PowerShell's start, so the script is cut at ` +
          `${Math.max(0.5, cut)}s and ${ev === 'preToolUse' || ev === 'stop' ? 'fails closed' : 'its answer is lost'}`,
        fix: wrapper >= 600 ? `lower the row's timeout to ${Math.max(0.5, cut)}s or less` : REBIND,
      });
    } else if (row.timeout === undefined) {
      const claude = rowTimeoutS({ event: row.event });
      if (claude > budget)
        out.push({
          code: 'timeout-default',
          severity: 'info',
          where,
          message: `no timeout: Claude Code allows ${claude}s; on ${ev} it gets at most ${budget}s (${from})`,
        });
    }
  }
  return out;
}

/** The wrapper timeout of a bound event: what .cursor/hooks.json says, else what init binds. */
function wrapperOf(ev: string, c: RowContext): { wrapper: number; from: string } {
  const bound =
    c.hooks.kind === 'ok' ? ((c.hooks.hooks[ev] ?? []).find(isOurs) as { timeout?: unknown } | undefined) : undefined;
  const wrapper =
    typeof bound?.timeout === 'number' && bound.timeout > 0
      ? bound.timeout
      : (c.plan.entries[ev as keyof BindingPlan['entries']]?.timeout ?? 0);
  return {
    wrapper,
    from:
      typeof bound?.timeout === 'number'
        ? `${ev} is bound with timeout ${wrapper}s`
        : `init binds ${ev} with timeout ${wrapper}s`,
  };
}

/** A timeout written in milliseconds by mistake (docs/claude-hooks.md §7): what Claude does with it, and what hookshim does. */
function millisecondTimeout(row: CatalogRow, where: string, c: RowContext): Finding {
  const t = row.timeout as number;
  const hours = t >= 3600 ? `${(t / 3600).toFixed(1)} h` : `${Math.round(t / 60)} min`;
  const ev = c.plan.events.find((e) => runsOn(row.event, e));
  const cut = ev
    ? ` Under Cursor ${wrapperOf(ev, c).from}: the script is cut before that (init never raises a wrapper for such a timeout).`
    : '';
  return {
    code: 'timeout-milliseconds',
    severity: 'warning',
    where,
    message:
      `timeout ${t} looks like milliseconds: Claude Code reads seconds, so there a hung script holds ` +
      `the ${row.event} for ${hours}.${cut}`,
    fix: `write it in seconds: "timeout": ${Math.max(1, Math.round(t / 1000))}`,
  };
}

/** This repo's convention, when .cursor/hookshim.json enables it: every guard has a README row and a test. */
export function checkConventions(
  catalog: Catalog,
  config: HookshimConfig,
  c: { dir: string; home: string | undefined },
): Finding[] {
  const want = config.check ?? {};
  if (!want.readmeRows && !want.tests) return [];
  const scripts = new Map<string, CatalogRow>();
  for (const row of catalog.rows) {
    if (row.type !== 'command' || row.command === undefined) continue;
    const ref = scriptOf(row, placeholderVars(row, c.dir), c.home);
    if (ref.kind !== 'file') continue;
    const rel = path.relative(c.dir, ref.path);
    if (rel.startsWith('..') || path.isAbsolute(rel) || rel.split(path.sep)[0] === 'node_modules') continue;
    if (!scripts.has(rel)) scripts.set(rel, row);
  }
  const out: Finding[] = [];
  if (want.readmeRows) out.push(...readmeRows(scripts, want.readme ?? 'README.md', c.dir));
  if (want.tests) {
    const testDir = want.testDir ?? 'test/hooks';
    for (const [rel, row] of scripts) {
      const name = path.basename(rel);
      const stem = name.replace(/\.[^.]+$/, '');
      const found = [name, stem].some((b) =>
        ['ts', 'mts', 'js', 'mjs'].some((ext) => fs.existsSync(path.join(c.dir, testDir, `${b}.test.${ext}`))),
      );
      if (!found)
        out.push({
          code: 'guard-test-missing',
          severity: 'error',
          where: rowPlace(row),
          message: `${rel} has no test: expected ${path.join(testDir, `${name}.test.ts`)}`,
          fix: `add ${path.join(testDir, `${name}.test.ts`)}`,
        });
    }
  }
  return out;
}

/** check.readmeRows: a table line of the README names each script. */
function readmeRows(scripts: Map<string, CatalogRow>, readme: string, dir: string): Finding[] {
  let lines: string[];
  try {
    lines = fs
      .readFileSync(path.join(dir, readme), 'utf8')
      .split('\n')
      .filter((l) => l.trimStart().startsWith('|'));
  } catch {
    return [
      {
        code: 'readme-missing',
        severity: 'error',
        where: readme,
        message: `does not exist, so no guard has its README row (.cursor/hookshim.json check.readmeRows)`,
        fix: `add ${readme} with a guard table: | script | event | what it guards |`,
      },
    ];
  }
  const out: Finding[] = [];
  for (const [rel, row] of scripts) {
    const name = path.basename(rel);
    if (!lines.some((l) => l.includes(name)))
      out.push({
        code: 'guard-readme-row-missing',
        severity: 'error',
        where: rowPlace(row),
        message: `${rel} has no row in ${readme}'s guard table (no table line names ${name})`,
        fix: `add a row: | \`${name}\` | ${row.event} | what it guards |`,
      });
  }
  return out;
}
