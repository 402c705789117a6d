// Double binding: Cursor's built-in third-party loader also runs Claude hooks from .claude/settings*.json,
// ~/.claude/settings.json and installed Claude plugins (docs/cursor-hooks.md §8), with untranslated Cursor-shaped
// input (a repository's own .cursor/hooks.json running a catalog's script: src/commands/nativeDuplicates.ts). Either
// way a script that hookshim runs too runs twice per event.
import fs from 'node:fs';
import path from 'node:path';
import type { PlaceholderVars } from '../../catalog/command.ts';
import { parseCatalog } from '../../catalog/load.ts';
import { compileMatcher } from '../../catalog/matcher.ts';
import { scriptOf } from '../../catalog/script.ts';
import { placeholderVars, type CatalogSource } from '../../catalog/sources.ts';
import { rowPlace, type CatalogRow } from '../../catalog/types.ts';
import { CONFIG_FILE } from '../project/config.ts';
import type { Finding } from './findings.ts';

/** Claude events Cursor's loader maps to its own (docs/cursor-hooks.md §8, "Event map"). */
export const NATIVE_EVENTS: ReadonlySet<string> = new Set([
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
  'SessionStart',
  'SessionEnd',
  'PreCompact',
]);
/** Claude tool names the loader maps onto Cursor tools for matchers (§8, "Tool map"; WebFetch/WebSearch in the newer revision). */
const NATIVE_TOOLS = ['Bash', 'Read', 'Write', 'Edit', 'Grep', 'Task', 'WebFetch', 'WebSearch'];
/** Claude events whose rows the loader filters by tool matcher (docs/cursor-hooks.md §8, "Tool map"). */
const NATIVE_TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse']);

/** The setting that turns the loader off, as Cursor names it. */
export const LOADER_SETTING =
  'Cursor Settings → Agents → Third-Party Imports → "Include Third-Party Plugins, Skills, and Other Configs" (on by default)';

export interface ClaudeSource {
  /** How to show it: ".claude/settings.json", "~/.claude/settings.json", "plugin foo@market". */
  shown: string;
  file: string;
  /** `${CLAUDE_PLUGIN_ROOT}` for a plugin; the project for settings files. */
  pluginRoot: string;
  /** Project-level files are committed (settings.json) or per machine (settings.local.json). */
  scope: 'project' | 'machine';
}

/** Every place Cursor's loader reads Claude hooks from, for this project and user. */
export function claudeSources(dir: string, home: string | undefined, opts: { machine: boolean }): ClaudeSource[] {
  const out: ClaudeSource[] = [
    {
      shown: '.claude/settings.json',
      file: path.join(dir, '.claude', 'settings.json'),
      pluginRoot: dir,
      scope: 'project',
    },
  ];
  if (!opts.machine) return out;
  out.unshift({
    shown: '.claude/settings.local.json',
    file: path.join(dir, '.claude', 'settings.local.json'),
    pluginRoot: dir,
    scope: 'machine',
  });
  if (!home) return out;
  out.push({
    shown: '~/.claude/settings.json',
    file: path.join(home, '.claude', 'settings.json'),
    pluginRoot: dir,
    scope: 'machine',
  });
  // Claude plugins (Cursor 3.2.16+, seen by a plugin author; not in the docs): ~/.claude/plugins/installed_plugins.json.
  try {
    const installed = JSON.parse(
      fs.readFileSync(path.join(home, '.claude', 'plugins', 'installed_plugins.json'), 'utf8'),
    ) as { plugins?: Record<string, unknown> };
    for (const [name, v] of Object.entries(installed.plugins ?? {})) {
      for (const inst of Array.isArray(v) ? v : [v]) {
        const root = (inst as { installPath?: unknown } | null)?.installPath;
        if (typeof root === 'string' && root)
          out.push({
            shown: `Claude plugin ${name}`,
            file: path.join(root, 'hooks', 'hooks.json'),
            pluginRoot: root,
            scope: 'machine',
          });
      }
    }
  } catch {
    /* no plugins */
  }
  return out;
}

/** Would Cursor's loader fire this Claude row at all? */
function firesNatively(row: CatalogRow): boolean {
  if (!NATIVE_EVENTS.has(row.event) || row.type !== 'command' || row.command === undefined) return false;
  if (!NATIVE_TOOL_EVENTS.has(row.event)) return true;
  const m = compileMatcher(row.matcher);
  return m.kind === 'all' || NATIVE_TOOLS.some((t) => m.test(t));
}

/** Identity of what a row runs: the script file when there is one, else the command as written. */
function identity(row: CatalogRow, vars: PlaceholderVars, home: string | undefined): string {
  const ref = scriptOf(row, vars, home);
  return ref.kind === 'file' ? `file:${ref.path}` : `cmd:${row.command ?? ''}`;
}

/**
 * Claude hooks Cursor would run a second time (duplicates of catalog rows), and ones it runs natively only. A catalog
 * that is itself a settings file Cursor's loader reads is one finding for the whole file.
 * `severity` is the severity of a duplicate (doctor: error on this machine; check: warning, CI cannot see the setting).
 */
export function doubleBinding(
  catalogRows: readonly CatalogRow[],
  catalogs: readonly CatalogSource[],
  dir: string,
  home: string | undefined,
  opts: { machine: boolean; severity: 'error' | 'warning' },
): Finding[] {
  const ours = new Map<string, CatalogRow>();
  for (const r of catalogRows) {
    if (r.type !== 'command' || r.command === undefined) continue;
    ours.set(`${r.event}|${identity(r, placeholderVars(r, dir), home)}`, r);
    ours.set(`${r.event}|raw:${r.command}`, r);
  }
  const findings: Finding[] = [];
  const catalogFiles = new Set(catalogs.map((c) => c.file));
  for (const src of claudeSources(dir, home, opts)) {
    let text: string;
    try {
      text = fs.readFileSync(src.file, 'utf8');
    } catch {
      continue;
    }
    const parsed = parseCatalog(text, src.shown, { settings: true });
    if (!parsed.ok) continue;
    const native = parsed.catalog.rows.filter(firesNatively);
    if (catalogFiles.has(src.file)) {
      if (native.length > 0) findings.push(settingsCatalog(src, native));
      continue;
    }
    for (const row of native) {
      const twin =
        ours.get(`${row.event}|${identity(row, { pluginRoot: src.pluginRoot, projectDir: dir }, home)}`) ??
        ours.get(`${row.event}|raw:${row.command}`);
      const where = `${src.shown} ${row.locator}`;
      const remove = src.shown.startsWith('Claude plugin')
        ? `uninstall or disable ${src.shown.slice('Claude plugin '.length)} in Claude Code on this machine`
        : `remove this hook from ${src.shown}${
            src.scope === 'project' ? ' (it is committed: that changes it for everyone using Claude Code here)' : ''
          }`;
      if (twin) {
        findings.push({
          code: 'double-binding',
          severity: opts.severity,
          where,
          message:
            `${row.command} also runs through hookshim (${rowPlace(twin)}): Cursor's third-party ` +
            `loader runs it a second time on ${row.event}, with untranslated Cursor-shaped input`,
          fix: `turn off ${LOADER_SETTING}, or ${remove}`,
        });
      } else {
        findings.push({
          code: 'native-claude-hook',
          severity: 'info',
          where,
          message:
            `Cursor's third-party loader runs ${row.command} natively, with Cursor-shaped input ` +
            `(tool_name "Shell", no session_id…): a script expecting Claude's input may no-op or misfire`,
          fix: `add it to a catalog hookshim runs (hookshim init --catalog …), and turn off ${LOADER_SETTING}`,
        });
      }
    }
  }
  return findings;
}

/**
 * A settings file that is a hookshim catalog: Cursor's loader runs its hooks too, natively, unless turned off
 * (docs/cursor-hooks.md §8). Moving the hooks into a plugin's hooks/hooks.json would stop Claude Code running them, so
 * the ways out are the setting, or scripts that skip Cursor's untranslated input (it has `cursor_version`; hookshim's has not).
 */
function settingsCatalog(src: ClaudeSource, native: readonly CatalogRow[]): Finding {
  const n = native.length;
  return {
    code: 'settings-double-binding',
    severity: 'warning',
    where: src.shown,
    message:
      `is a hookshim catalog, and Cursor's third-party loader also reads it: with its setting on (the ` +
      `default), ${n === 1 ? 'its hook' : `${n} of its hooks`} ` +
      `(${[...new Set(native.map((r) => r.event))].join(', ')}) ${n === 1 ? 'runs' : 'run'} twice per ` +
      `event, once through hookshim and once natively with untranslated Cursor-shaped input`,
    fix:
      `turn off ${LOADER_SETTING} on every machine that runs Cursor here; or have each script exit 0 at ` +
      `once when its input has "cursor_version" (only Cursor's native run sends it); then list ` +
      `"${src.shown}" in ${CONFIG_FILE} check.knownDoubleBinding, so \`check --strict\` passes`,
  };
}

/**
 * Hosts besides Cursor that run a repository's `.claude/settings.json` hooks natively and untranslated
 * (docs/hosts.md "Other hosts that run .claude/settings.json"): one finding per settings catalog, naming each.
 */
export function otherLoaders(catalogs: readonly CatalogSource[], rows: readonly CatalogRow[], dir: string): Finding[] {
  // They read the repository's own .claude/settings.json, not settings.local.json nor a settings file elsewhere.
  const read = path.join(dir, '.claude', 'settings.json');
  return catalogs
    .filter((c) => c.kind === 'settings' && c.file === read && rows.some((r) => r.source?.catalog === c.shown))
    .map((c) => ({
      code: 'settings-other-loaders',
      severity: 'warning' as const,
      where: c.shown,
      message:
        "is also run natively by other hosts, without hookshim: VS Code's agent hooks run its commands with " +
        "VS Code's payload and tool names and ignore its matchers (every row runs on every tool call of its " +
        'event); the GitHub Copilot app runs them with its own payload and has no switch to turn them ' +
        "off; Cursor's third-party loader runs them with Cursor's payload (settings-double-binding)",
      fix:
        "have each script check that its input is the shape it was written for (Claude's `hook_event_name` " +
        'and `tool_name` values) and exit 0 otherwise; then list "' +
        c.shown +
        `" in ${CONFIG_FILE} check.knownDoubleBinding, so \`check --strict\` passes`,
    }));
}

/** The double-binding codes `check.knownDoubleBinding` can acknowledge. */
const ACKNOWLEDGED = new Set([
  'settings-double-binding',
  'settings-other-loaders',
  'double-binding',
  'native-claude-hook',
]);

/**
 * Double-binding findings of a settings file the config lists in `check.knownDoubleBinding`, made info notes that say
 * so (still shown with --verbose); every other finding as it was.
 */
export function acknowledge(findings: readonly Finding[], known: readonly string[] | undefined): Finding[] {
  if (!known || known.length === 0) return [...findings];
  return findings.map((f): Finding => {
    const file = known.find((k) => f.where === k || f.where?.startsWith(`${k} `));
    if (!ACKNOWLEDGED.has(f.code) || file === undefined || f.severity === 'info') return f;
    const note = ` (known: ${CONFIG_FILE} check.knownDoubleBinding lists ${file})`;
    return { ...f, severity: 'info', message: `${f.message}${note}` } as Finding;
  });
}
