// Double binding: Cursor's built-in third-party loader also runs Claude hooks from .claude/settings*.json,
// ~/.claude/settings.json and installed Claude plugins (docs/cursor-hooks.md §8), with untranslated Cursor-shaped
// input. A script both there and in hookshim's catalog runs twice per event.
import fs from 'node:fs';
import path from 'node:path';
import { parseCatalog } from '../../catalog/load.ts';
import { compileMatcher } from '../../catalog/matcher.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import type { Finding } from './io.ts';
import { scriptOf } from '../../catalog/script.ts';

/** Claude events Cursor's loader maps to its own (docs/cursor-hooks.md §8, "Event map"). */
export const NATIVE_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'SessionStart', 'SessionEnd', 'PreCompact']);
/** Claude tool names the loader maps onto Cursor tools for matchers (§8, "Tool map"; WebFetch/WebSearch in the newer revision). */
const NATIVE_TOOLS = ['Bash', 'Read', 'Write', 'Edit', 'Grep', 'Task', 'WebFetch', 'WebSearch'];
/** Claude events whose rows the loader filters by tool matcher (docs/cursor-hooks.md §8, "Tool map"). */
const NATIVE_TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse']);

/** The setting that turns the loader off, as Cursor names it. */
export const LOADER_SETTING = 'Cursor Settings → Agents → Third-Party Imports → "Include Third-Party Plugins, Skills, and Other Configs" (on by default)';

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
  const out: ClaudeSource[] = [{ shown: '.claude/settings.json', file: path.join(dir, '.claude', 'settings.json'), pluginRoot: dir, scope: 'project' }];
  if (!opts.machine) return out;
  out.unshift({ shown: '.claude/settings.local.json', file: path.join(dir, '.claude', 'settings.local.json'), pluginRoot: dir, scope: 'machine' });
  if (!home) return out;
  out.push({ shown: '~/.claude/settings.json', file: path.join(home, '.claude', 'settings.json'), pluginRoot: dir, scope: 'machine' });
  // Claude plugins (Cursor 3.2.16+, seen by a plugin author; not in the docs): ~/.claude/plugins/installed_plugins.json.
  try {
    const installed = JSON.parse(fs.readFileSync(path.join(home, '.claude', 'plugins', 'installed_plugins.json'), 'utf8')) as { plugins?: Record<string, unknown> };
    for (const [name, v] of Object.entries(installed.plugins ?? {})) {
      for (const inst of Array.isArray(v) ? v : [v]) {
        const root = (inst as { installPath?: unknown } | null)?.installPath;
        if (typeof root === 'string' && root) out.push({ shown: `Claude plugin ${name}`, file: path.join(root, 'hooks', 'hooks.json'), pluginRoot: root, scope: 'machine' });
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
function identity(row: CatalogRow, pluginRoot: string, dir: string, home: string | undefined): string {
  const ref = scriptOf(row, { pluginRoot, projectDir: dir }, home);
  return ref.kind === 'file' ? `file:${ref.path}` : `cmd:${row.command ?? ''}`;
}

/**
 * Claude hooks Cursor would run a second time (duplicates of catalog rows), and ones it runs natively only.
 * `severity` is the severity of a duplicate (doctor: error on this machine; check: warning, CI cannot see the setting).
 */
export function doubleBinding(
  catalogRows: readonly CatalogRow[],
  catalogShown: string,
  catalogPluginRoot: string,
  dir: string,
  home: string | undefined,
  opts: { machine: boolean; severity: Finding['severity'] },
): Finding[] {
  const ours = new Map<string, CatalogRow>();
  for (const r of catalogRows) {
    if (r.type !== 'command' || r.command === undefined) continue;
    ours.set(`${r.event}|${identity(r, catalogPluginRoot, dir, home)}`, r);
    ours.set(`${r.event}|raw:${r.command}`, r);
  }
  const findings: Finding[] = [];
  for (const src of claudeSources(dir, home, opts)) {
    let text: string;
    try {
      text = fs.readFileSync(src.file, 'utf8');
    } catch {
      continue;
    }
    const parsed = parseCatalog(text, src.shown);
    if (!parsed.ok) continue;
    for (const row of parsed.catalog.rows) {
      if (!firesNatively(row)) continue;
      const twin = ours.get(`${row.event}|${identity(row, src.pluginRoot, dir, home)}`) ?? ours.get(`${row.event}|raw:${row.command}`);
      const where = `${src.shown} ${row.locator}`;
      const remove = src.shown.startsWith('Claude plugin') ? `uninstall or disable ${src.shown.slice('Claude plugin '.length)} in Claude Code on this machine` : `remove this hook from ${src.shown}${src.scope === 'project' ? ' (it is committed: that changes it for everyone using Claude Code here)' : ''}`;
      if (twin) {
        findings.push({
          code: 'double-binding',
          severity: opts.severity,
          where,
          message: `${row.command} also runs through hookshim (${catalogShown} ${twin.locator}): Cursor's third-party loader runs it a second time on ${row.event}, with untranslated Cursor-shaped input`,
          fix: `turn off ${LOADER_SETTING}, or ${remove}`,
        });
      } else {
        findings.push({
          code: 'native-claude-hook',
          severity: 'info',
          where,
          message: `Cursor's third-party loader runs ${row.command} natively, with Cursor-shaped input (tool_name "Shell", no session_id…): a script expecting Claude's input may no-op or misfire`,
          fix: `add it to ${catalogShown} so it runs through hookshim, and turn off ${LOADER_SETTING}`,
        });
      }
    }
  }
  return findings;
}
