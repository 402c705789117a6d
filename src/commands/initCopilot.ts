// `hookshim init --host copilot`: bind the repository's Claude catalogs for GitHub Copilot in
// .github/hooks/hookshim.json (hookshim's own file, docs/copilot-hooks.md §2) and vendor the bundle beside it. A
// repository bound only for Copilot gets no .cursor/. `checkCopilot` tells whether that binding is what init writes.
import fs from 'node:fs';
import { COPILOT_BUNDLE, planCopilot, type CopilotEntry } from '../../adapters/hosts/copilot/binding.ts';
import { COPILOT } from '../../adapters/hosts/copilot/index.ts';
import { NODE_FLAGS } from '../project/nodeFlags.ts';
import type { Finding, FindingCode } from './findings.ts';
import { hostCatalogs, staleHostFindings, writeHostFiles } from './hostBinding.ts';
import { findRoot } from './initFiles.ts';
import { defaultBundle } from './plan.ts';

/** The Copilot binding file, relative to the project root. */
export const COPILOT_HOOKS = COPILOT.binding.file;

export interface CopilotInit {
  root: string;
  /** Files written (or, with dryRun, that would be), relative to the root. */
  written: string[];
  unchanged: string[];
  entries: Record<string, CopilotEntry>;
  warnings: string[];
}

/**
 * What init writes for Copilot in `root`: the binding's text and the config's, from the recorded (or found) catalogs
 * and `extra` (init's --catalog).
 */
export function copilotBinding(
  root: string,
  extra: readonly string[] = [],
): {
  text: string;
  config: { file: string; text: string | undefined };
  entries: Record<string, CopilotEntry>;
  warnings: string[];
} {
  const c = hostCatalogs(root, COPILOT.configFile as string, extra);
  const entries = planCopilot(c.rows, NODE_FLAGS, c.timeoutFor) as Record<string, CopilotEntry>;
  const hooks = Object.fromEntries(Object.entries(entries).map(([ev, e]) => [ev, [e]]));
  const text = `${JSON.stringify({ version: 1, hooks }, null, 2)}\n`;
  return { text, config: c.config, entries, warnings: copilotWarnings(c.kinds) };
}

/** What a maintainer must know about Copilot and these catalogs (docs/copilot-hooks.md §1, §6). */
function copilotWarnings(kinds: readonly string[]): string[] {
  const out = [
    'Copilot CLI runs repository hooks in -p mode only in a trusted folder or with ' +
      'GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true (docs/copilot-hooks.md §1)',
  ];
  if (kinds.includes('settings') || kinds.includes('personal'))
    out.push(
      'Copilot also runs .claude/settings.json hooks itself, with its own input keys and without a transcript ' +
        '(docs/copilot-hooks.md §6): those rows run twice per event, once through hookshim (first, as Claude Code ' +
        'runs them) and once natively (a guard reading file_path sees none; one that exits 1 denies the call). No ' +
        'repository setting turns off only the native run; a script can skip it: `[ -n "$COPILOT_CLI" ] && ' +
        '[ -z "$COPILOT_HOOK_DIR" ] && exit 0` (docs/usage.md "Copilot")',
    );
  return out;
}

/** Bind `dir`'s repository for Copilot. */
export function initCopilot(opts: {
  dir: string;
  dryRun?: boolean;
  bundle?: string;
  catalogs?: readonly string[];
}): CopilotInit {
  const root = findRoot(opts.dir, false).root;
  const { text, config, entries, warnings } = copilotBinding(root, opts.catalogs);
  const files: [string, Buffer][] = [
    [COPILOT_HOOKS, Buffer.from(text)],
    [COPILOT_BUNDLE, fs.readFileSync(opts.bundle ?? defaultBundle())],
  ];
  if (config.text !== undefined) files.push([config.file, Buffer.from(config.text)]);
  const report: CopilotInit = {
    root,
    entries,
    warnings,
    ...writeHostFiles(root, files, { ...opts, bundle: COPILOT_BUNDLE }),
  };
  return report;
}

/** check's findings for a Copilot binding, when the repository has one: in sync with the catalog, bundle current. */
export function checkCopilot(root: string, bundle = defaultBundle()): Finding[] {
  const host = {
    name: 'copilot',
    hooks: COPILOT_HOOKS,
    bundle: COPILOT_BUNDLE,
    codes: ['copilot-binding-stale', 'copilot-bundle-stale'] as [FindingCode, FindingCode],
    fix: 'run `hookshim init --host copilot` and commit .github/hooks/',
    missing: 'is missing: every Copilot hook command fails, and Copilot denies every tool call (a hook error denies)',
  };
  return staleHostFindings(root, host, () => copilotBinding(root).text, bundle);
}
