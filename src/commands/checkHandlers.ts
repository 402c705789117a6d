// `hookshim check`, what Claude Code runs that hookshim cannot, or runs differently (docs/claude-hooks.md §9): handler
// types it cannot run, hooks modules, `onFailure` where Claude ignores it, http rows the settings refuse,
// `disableAllHooks`, and hooks declared in skill or agent frontmatter.
import fs from 'node:fs';
import path from 'node:path';
import { BLOCKING_EVENTS, onFailureIgnored, PERMISSION_EVENTS, UNRUNNABLE_TYPES } from '../../catalog/events.ts';
import { hooksDisabledBy, httpSettings } from '../../catalog/sources.ts';
import { rowPlace, type CatalogRow } from '../../catalog/types.ts';
import { urlAllowed } from '../hook/http.ts';
import type { HookshimConfig } from '../project/config.ts';
import type { LoadedCatalogs } from './catalogs.ts';
import type { Finding } from './findings.ts';

const SKIP_FIX = 'make it a "command" or "http" hook (a script can call your own checker)';

/** Every finding of this module for the catalogs Cursor runs here. */
export function handlerFindings(c: LoadedCatalogs, dir: string, config: HookshimConfig): Finding[] {
  const loaded = c.loads.filter((l) => l.ok);
  const http = httpSettings(loaded);
  const out: Finding[] = [];
  for (const row of c.catalog.rows) out.push(...rowFindings(row, http.allowedHttpHookUrls, config));
  for (const l of loaded)
    if (l.catalog.modules !== undefined)
      out.push({
        code: 'modules-unsupported',
        severity: 'error',
        where: l.source.shown,
        message:
          `"modules": ${JSON.stringify(l.catalog.modules)} are hooks modules Claude Code runs ` +
          `in-process (≥ 2.1.287); hookshim cannot run them${
            l.catalog.rows.length ? ' (its "hooks" rows run)' : ' and this file has no "hooks" rows'
          }, so every event names them on stderr and ${
            config.unsupported === 'skip'
              ? 'tool calls go on without them ("unsupported": "skip")'
              : 'every guarded tool call is denied'
          }`,
        fix: `move what the modules enforce into "hooks" command rows, or set "unsupported": "skip" in .cursor/hookshim.json`,
      });
  const off = hooksDisabledBy(loaded);
  if (off) out.push(disabledFinding(off.source));
  out.push(...frontmatterFindings(dir, c));
  return out;
}

/** One row: a type hookshim cannot run, an `onFailure` Claude ignores, an http url the settings refuse. */
function rowFindings(row: CatalogRow, allowed: readonly string[] | undefined, config: HookshimConfig): Finding[] {
  const where = rowPlace(row);
  const out: Finding[] = [];
  if (UNRUNNABLE_TYPES.has(row.type)) {
    const guards = PERMISSION_EVENTS.has(row.event);
    const effect = !guards
      ? `on ${row.event} it does not run, and each ${row.event} says so on stderr`
      : config.unsupported === 'skip'
        ? 'the calls it matches go on without it ("unsupported": "skip")'
        : 'every call it matches is denied (fail safe)';
    out.push({
      code: 'handler-unsupported',
      severity: BLOCKING_EVENTS.has(row.event) ? 'error' : 'warning',
      where,
      message: `a "${row.type}" hook needs Claude Code itself; hookshim cannot run it under Cursor: ${effect}`,
      fix: guards ? `${SKIP_FIX}, or set "unsupported": "skip" in .cursor/hookshim.json` : SKIP_FIX,
    });
  }
  const ignored = onFailureIgnored(row);
  if (ignored)
    out.push({
      code: 'onfailure-ignored',
      severity: 'info',
      where,
      message: `"onFailure": "block" has no effect on ${ignored}, in Claude Code either: a failure stays a non-blocking error`,
    });
  if (row.type === 'http' && row.url !== undefined && !urlAllowed(row.url, allowed))
    out.push({
      code: 'http-url-refused',
      severity: 'warning',
      where,
      message:
        `${row.url} is not in the settings' allowedHttpHookUrls: the row is never sent (a non-blocking ` +
        `error${row.onFailure ? '; onFailure "block" blocks' : ''})`,
      fix: 'add the url (or a pattern with *) to allowedHttpHookUrls, or remove the row',
    });
  return out;
}

/** `disableAllHooks: true` in the settings file that decides it: what it does under hookshim (docs/security.md). */
function disabledFinding(source: { kind: string; shown: string }): Finding {
  if (source.kind === 'personal')
    return {
      code: 'hooks-disabled',
      severity: 'error',
      where: source.shown,
      message:
        '"disableAllHooks": true in a personal settings file: hookshim refuses it on tool-call permission ' +
        'events (the agent can write this file, and nobody reviews it) and honours it, loudly, everywhere ' +
        'else',
      fix: 'remove it; to turn the hooks off for everyone, set it in .claude/settings.json',
    };
  return {
    code: 'hooks-disabled',
    severity: 'warning',
    where: source.shown,
    message:
      '"disableAllHooks": true: no catalog hook runs (settings and plugin hooks alike, as in Claude Code); every event says so on stderr',
    fix: 'remove it to run the hooks',
  };
}

/** Skills and agents that declare `hooks:` in their frontmatter: Claude runs them while that skill or agent is active. */
function frontmatterFindings(dir: string, c: LoadedCatalogs): Finding[] {
  const roots = new Set([path.join(dir, '.claude')]);
  for (const s of c.sources) if (s.root !== undefined) roots.add(s.root);
  const out: Finding[] = [];
  for (const root of roots)
    for (const file of [...markdownIn(path.join(root, 'agents')), ...skillFiles(path.join(root, 'skills'))])
      if (declaresHooks(file))
        out.push({
          code: 'frontmatter-hooks',
          severity: 'warning',
          where: path.relative(dir, file) || file,
          message:
            'declares "hooks:" in its frontmatter: Claude Code runs them while this skill or agent is active; hookshim does not run them',
          fix: 'move the guard into a catalog (hooks/hooks.json or .claude/settings.json) if it must hold under Cursor',
        });
  return out;
}

function markdownIn(folder: string): string[] {
  try {
    return fs
      .readdirSync(folder)
      .filter((n) => n.endsWith('.md'))
      .map((n) => path.join(folder, n));
  } catch {
    return [];
  }
}

function skillFiles(folder: string): string[] {
  try {
    return fs
      .readdirSync(folder)
      .map((n) => path.join(folder, n, 'SKILL.md'))
      .filter((f) => fs.existsSync(f));
  } catch {
    return [];
  }
}

/** Whether a Markdown file's YAML frontmatter has a top-level `hooks:` key. */
export function declaresHooks(file: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return m !== null && /^hooks\s*:/m.test(m[1] as string);
}
