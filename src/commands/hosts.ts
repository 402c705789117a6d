// Which hosts a repository is bound for (init --host, remembered by the files it wrote), and check's findings across
// them: a re-run of init, check and doctor covers every bound host.
import fs from 'node:fs';
import path from 'node:path';
import { HOST_IDS, isHostId } from '../../adapters/hosts/registry.ts';
import type { HostId, HostTable } from '../../adapters/hosts/types.ts';
import { CODEX } from '../../adapters/hosts/codex/index.ts';
import { COPILOT } from '../../adapters/hosts/copilot/index.ts';
import { CURSOR } from '../../adapters/hosts/cursor/index.ts';
import { boundEventsOf, HOOKS_JSON } from '../project/binding.ts';
import { readRegularFile } from '../project/paths.ts';
import { parseJsonText, type JsonText } from '../../catalog/json.ts';
import type { CatalogSource } from '../../catalog/sources.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import { codexForeign } from './codexForeign.ts';
import type { Finding } from './findings.ts';
import { checkCodex, CODEX_HOOKS } from './initCodex.ts';
import { CODEX_BUNDLE } from '../../adapters/hosts/codex/binding.ts';
import { checkCopilot, COPILOT_HOOKS } from './initCopilot.ts';
import { CommandError, EXIT } from './io.ts';

/** Every host's table, for the commands (the hook path loads only its own, adapters/hosts/registry.ts). */
export const HOST_TABLES: Readonly<Record<HostId, HostTable>> = {
  cursor: CURSOR as HostTable,
  copilot: COPILOT as HostTable,
  codex: CODEX as HostTable,
};

/** The hosts `root` is bound for, by the files init wrote (none: an unbound repository). */
export function boundHosts(root: string): HostId[] {
  const out: HostId[] = [];
  if (fs.existsSync(path.join(root, HOOKS_JSON))) out.push('cursor');
  if (fs.existsSync(path.join(root, COPILOT_HOOKS))) out.push('copilot');
  if (codexBound(root)) out.push('codex');
  return out;
}

/**
 * .codex/hooks.json may be hand-written or an /import copy: bound when it names hookshim, or when init's other files
 * are there (the vendored bundle, the config), so a handler pointed at another bundle is still a stale binding.
 */
function codexBound(root: string): boolean {
  const codex = path.join(root, CODEX_HOOKS);
  if (!fs.existsSync(codex)) return false;
  if (/hookshim|--host codex\b/.test(fs.readFileSync(codex, 'utf8'))) return true;
  return [CODEX_BUNDLE, CODEX.configFile as string].some((f) => fs.existsSync(path.join(root, f)));
}

/** Each bound host (Cursor when none is) with how many of its events start hookshim; Cursor's as planned (`planned`). */
export function boundEventCounts(root: string, planned: number): { host: HostId; name: string; events: number }[] {
  const bound = boundHosts(root);
  return (bound.length > 0 ? bound : (['cursor'] as HostId[])).map((id) => {
    const h = HOST_TABLES[id];
    const n = id === 'cursor' ? planned : boundEventsOf(path.join(root, h.binding.file), h.binding).length;
    return { host: id, name: h.name, events: n };
  });
}

/** `--host cursor,copilot` as host ids; none given: the hosts bound now, else Cursor. */
export function hostsFor(given: string | undefined, root: string): HostId[] {
  if (given === undefined) {
    const bound = boundHosts(root);
    return bound.length > 0 ? bound : ['cursor'];
  }
  const ids = given.split(',').map((h) => h.trim().toLowerCase());
  const bad = ids.filter((h) => !isHostId(h));
  if (bad.length > 0 || ids.length === 0)
    throw new CommandError(
      `unknown host ${bad.join(', ') || '""'}: --host takes ${HOST_IDS.join(', ')} (or a comma list)`,
      EXIT.usage,
    );
  return [...new Set(ids)] as HostId[];
}

/** What the other hosts' findings are checked against: the catalogs' rows and sources, and the home they resolve in. */
export interface HostCheck {
  rows: readonly CatalogRow[];
  sources: readonly CatalogSource[];
  home: string | undefined;
}

/**
 * check's findings with every bound host's: each binding's own, and, in a repository not bound for Cursor, none of
 * Cursor's binding findings (there is no Cursor binding to be missing). The bound .claude/settings*.json catalogs
 * Copilot also runs natively; Codex's handlers that are not hookshim's but run the catalog's scripts or copies of them.
 */
export function withHostFindings(root: string, findings: readonly Finding[], c: HostCheck): Finding[] {
  const hosts = boundHosts(root);
  if (hosts.length === 0 || (hosts.length === 1 && hosts[0] === 'cursor')) return [...findings];
  const cursorOnes = /^(binding-|bundle-|launcher-|package-)/;
  const kept = hosts.includes('cursor') ? findings : findings.filter((f) => !cursorOnes.test(f.code));
  return [
    ...kept,
    ...(hosts.includes('copilot')
      ? [...checkCopilot(root), ...copilotDoubleRun(settingsOf(c.sources)), ...copilotHooksOff(root)]
      : []),
    ...(hosts.includes('codex') ? [...checkCodex(root), ...codexForeign(c.rows, root, c.home, c.sources)] : []),
  ];
}

/** The bound .claude/settings*.json catalogs, as shown. */
function settingsOf(sources: readonly CatalogSource[]): string[] {
  return sources.filter((s) => s.kind !== 'plugin').map((s) => s.shown);
}

/** Copilot runs these settings catalogs natively too, after hookshim (docs/usage.md "GitHub Copilot"): said, with the fix. */
function copilotDoubleRun(settings: readonly string[]): Finding[] {
  return settings.map((shown) => ({
    code: 'copilot-double-run',
    severity: 'warning',
    where: shown,
    message:
      "GitHub Copilot also runs this file's hooks itself, after hookshim and with its own input keys: each row " +
      'runs twice on a call hookshim allows (a guard that exits 1 there denies the call; no repository setting turns ' +
      'only that run off)',
    fix:
      'let the scripts skip Copilot\'s own run (`[ -n "$COPILOT_CLI" ] && [ -z "$COPILOT_HOOK_DIR" ] && exit 0`), or ' +
      'keep the catalog as a plugin (hooks/hooks.json); docs/usage.md "GitHub Copilot"',
  }));
}

/**
 * Each file that switches off every Copilot hook, hookshim's included (`disableAllHooks: true`, docs/copilot-hooks.md
 * §6): Copilot then never starts hookshim, so no event can say so. Only check can.
 */
function copilotHooksOff(root: string): Finding[] {
  const files: [string, string][] = [
    ['.github/copilot/settings.json', 'a switch of Copilot alone: Claude Code would run the guards'],
    ['.claude/settings.local.json', 'a personal file, which hookshim refuses on permission events under Cursor'],
    ['.claude/settings.json', 'as in Claude Code'],
  ];
  return files.flatMap(([file, why]): Finding[] => {
    let parsed: JsonText;
    try {
      parsed = parseJsonText(readRegularFile(path.join(root, file)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      parsed = { ok: false, error: (err as Error).message, line: 0, column: 0 };
    }
    if (!parsed.ok) {
      const problem = `cannot be read as JSON (${parsed.error}), so whether it switches Copilot's hooks off is unknown`;
      return [
        { code: 'copilot-hooks-disabled', severity: 'warning', where: file, message: problem, fix: 'fix the file' },
      ];
    }
    if ((parsed.value as { disableAllHooks?: unknown } | null)?.disableAllHooks !== true) return [];
    const error = file !== '.claude/settings.json';
    return [
      {
        code: 'copilot-hooks-disabled',
        severity: error ? 'error' : 'warning',
        where: file,
        message:
          `"disableAllHooks": true: GitHub Copilot runs no hook at all, hookshim's included, so no guard runs under ` +
          `Copilot and no event says so (${why})`,
        fix: error ? 'remove it' : 'remove it to run the hooks',
      },
    ];
  });
}

/** The catalogs a host's own config records (a repository bound only for Copilot), when there is one. */
export function hostCatalogs(root: string): string[] | undefined {
  const file = [COPILOT, CODEX].map((h) => path.join(root, h.configFile as string)).find((f) => fs.existsSync(f));
  if (file === undefined) return undefined;
  try {
    const listed = (JSON.parse(fs.readFileSync(file, 'utf8')) as { catalogs?: unknown }).catalogs;
    return Array.isArray(listed) ? listed.filter((e): e is string => typeof e === 'string') : undefined;
  } catch {
    return undefined;
  }
}
