// `hookshim init --host codex`: bind the repository's Claude catalogs for OpenAI Codex in .codex/hooks.json (merging:
// groups of anyone else's stay), vendor the bundle beside it, and say what Codex must trust before any of it runs
// (docs/codex-hooks.md §1). `checkCodex` tells whether that binding is what init writes.
import fs from 'node:fs';
import path from 'node:path';
import { CODEX_BUNDLE, planCodex, type CodexGroup } from '../../adapters/hosts/codex/binding.ts';
import { CODEX } from '../../adapters/hosts/codex/index.ts';
import { isRecord } from '../../catalog/types.ts';
import { isOurCommand } from '../project/binding.ts';
import { NODE_FLAGS } from '../project/nodeFlags.ts';
import type { Finding, FindingCode } from './findings.ts';
import { hostCatalogs, staleHostFindings, writeHostFiles } from './hostBinding.ts';
import { CODEX_TRUST_STEPS, codexTrust, codexTrustFindings } from './codexTrust.ts';
import { findRoot } from './initFiles.ts';
import { CommandError } from './io.ts';
import { defaultBundle } from './plan.ts';

/** The Codex binding file, relative to the project root. */
export const CODEX_HOOKS = CODEX.binding.file;

export interface CodexInit {
  root: string;
  written: string[];
  unchanged: string[];
  groups: Record<string, CodexGroup>;
  warnings: string[];
}

/** A group of .codex/hooks.json that is hookshim's: every handler runs hookshim. */
function ours(group: unknown): boolean {
  if (!isRecord(group) || !Array.isArray(group.hooks) || group.hooks.length === 0) return false;
  return group.hooks.every((h) => isRecord(h) && typeof h.command === 'string' && isOurCommand(h.command));
}

/** The new text of .codex/hooks.json: hookshim's groups replaced by `groups`, everything else as it was. */
function mergedHooks(root: string, groups: Record<string, CodexGroup>): string {
  const file = path.join(root, CODEX_HOOKS);
  let doc: Record<string, unknown> = {};
  if (fs.existsSync(file)) {
    try {
      doc = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch (err) {
      throw new CommandError(`${file}: not valid JSON (${(err as Error).message}); fix it, then run init again`);
    }
  }
  const hooks: Record<string, unknown[]> = {};
  const old = isRecord(doc.hooks) ? doc.hooks : {};
  for (const [event, list] of Object.entries(old))
    if (Array.isArray(list)) {
      const kept = list.filter((g) => !ours(g));
      if (kept.length > 0) hooks[event] = kept;
    }
  for (const [event, group] of Object.entries(groups)) hooks[event] = [...(hooks[event] ?? []), group];
  return `${JSON.stringify({ ...doc, hooks }, null, 2)}\n`;
}

/**
 * What init writes for Codex in `root`: the binding's text and the config's, from the recorded (or found) catalogs
 * and `extra` (init's --catalog).
 */
export function codexBinding(
  root: string,
  extra: readonly string[] = [],
): { text: string; config: { file: string; text: string | undefined }; groups: Record<string, CodexGroup> } {
  const c = hostCatalogs(root, CODEX.configFile as string, extra);
  const groups = planCodex(c.rows, NODE_FLAGS, c.timeoutFor) as Record<string, CodexGroup>;
  return { text: mergedHooks(root, groups), config: c.config, groups };
}

/** What Codex needs before the binding runs (docs/codex-hooks.md §1): both trust gates, and that edits re-gate it. */
const TRUST_WARNINGS = [
  'Codex runs .codex/hooks.json only in a trusted project, and each handler only once its hash is trusted; both ' +
    `skip silently. On each machine: (1) ${CODEX_TRUST_STEPS.project}; (2) ${CODEX_TRUST_STEPS.handlers}. ` +
    '`hookshim doctor` says which is still closed',
  'editing a handler of .codex/hooks.json (its command or timeout) makes it untrusted again on every machine until ' +
    're-trusted; a re-run of init that changes nothing keeps the trust',
];

/** What this machine's Codex trusts of the binding just written, when a gate is closed (the doctor finding's words). */
function machineTrust(root: string, machine: { env: NodeJS.ProcessEnv; home: string } | undefined): string[] {
  const trust = machine ? codexTrust(root, machine.env, machine.home) : undefined;
  return trust ? codexTrustFindings(trust, root).map((f) => `on this machine: ${f.message}`) : [];
}

/** Bind `dir`'s repository for Codex. */
export function initCodex(opts: {
  dir: string;
  dryRun?: boolean;
  bundle?: string;
  catalogs?: readonly string[];
  /** This machine's environment and home: init then says which trust gate is still closed here. */
  machine?: { env: NodeJS.ProcessEnv; home: string };
}): CodexInit {
  const root = findRoot(opts.dir, false).root;
  const { text, config, groups } = codexBinding(root, opts.catalogs);
  const files: [string, Buffer][] = [
    [CODEX_HOOKS, Buffer.from(text)],
    [CODEX_BUNDLE, fs.readFileSync(opts.bundle ?? defaultBundle())],
  ];
  if (config.text !== undefined) files.push([config.file, Buffer.from(config.text)]);
  const written = writeHostFiles(root, files, { ...opts, bundle: CODEX_BUNDLE });
  const here = opts.dryRun ? [] : machineTrust(root, opts.machine);
  return { root, groups, warnings: [...TRUST_WARNINGS, ...here], ...written };
}

/** check's findings for a Codex binding, when the repository has one: in sync with the catalog, bundle current. */
export function checkCodex(root: string, bundle = defaultBundle()): Finding[] {
  const host = {
    name: 'codex',
    hooks: CODEX_HOOKS,
    bundle: CODEX_BUNDLE,
    codes: ['codex-binding-stale', 'codex-bundle-stale'] as [FindingCode, FindingCode],
    fix: 'run `hookshim init --host codex`, commit .codex/, and trust the changed handlers in Codex (/hooks; `hookshim doctor` names them)',
    missing:
      'is missing: every Codex hook command fails; PreToolUse blocks every call (its command turns the failure into ' +
      'exit 2), and no other event runs a guard',
  };
  return staleHostFindings(root, host, () => codexBinding(root).text, bundle);
}
