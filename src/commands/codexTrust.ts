// Codex's two trust gates as this machine has them (docs/codex-hooks.md §1): whether $CODEX_HOME/config.toml trusts the
// project, and whether it trusts the current hash of each of hookshim's handlers in .codex/hooks.json. Both gates are
// silent when closed, so doctor says which is closed and init says the same steps.
import fs from 'node:fs';
import path from 'node:path';
import { codexHandlers } from '../../adapters/hosts/codex/trust.ts';
import { CODEX } from '../../adapters/hosts/codex/index.ts';
import { isOurCommand } from '../project/binding.ts';
import type { Finding } from './findings.ts';
import { parseToml, type TomlTable, type TomlValue } from './toml.ts';

/** What opens each gate, as init and doctor both say it (docs/codex-hooks.md §1; the /hooks view of Codex's TUI). */
export const CODEX_TRUST_STEPS = {
  project:
    'trust the project: start Codex in it and trust the folder when it asks, or pass `--trust` to `codex exec` ' +
    'there once (it saves the trust in $CODEX_HOME/config.toml for later runs)',
  handlers:
    "trust hookshim's handlers: open Codex in the project, type /hooks, review them and turn them on (Codex says " +
    '"hooks need review before they can run"); for one headless run, `codex exec --dangerously-bypass-hook-trust` ' +
    'runs them untrusted',
} as const;

export type HandlerTrust = 'trusted' | 'untrusted' | 'modified' | 'disabled' | 'unknown';

/** The trust this machine gives the project and each of hookshim's handlers. */
export interface CodexTrust {
  /** The config.toml read. */
  config: string;
  /** `absent`: no config.toml (Codex never ran with this CODEX_HOME); `unreadable`: said in `error`. */
  read: 'ok' | 'absent' | 'unreadable';
  error?: string;
  project: 'trusted' | 'untrusted' | 'unknown';
  /** hookshim's handlers: where they sit, Codex's key and their current hash, and what config.toml says of it. */
  handlers: { event: string; key: string; hash: string; status: HandlerTrust }[];
}

/** $CODEX_HOME, else ~/.codex. */
export function codexHome(env: NodeJS.ProcessEnv, home: string): string {
  return env.CODEX_HOME || path.join(home, '.codex');
}

/** The trust of `root`'s Codex binding on this machine; undefined when .codex/hooks.json is absent or not JSON. */
export function codexTrust(root: string, env: NodeJS.ProcessEnv, home: string): CodexTrust | undefined {
  const hooksFile = path.join(root, CODEX.binding.file);
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(hooksFile, 'utf8'));
  } catch {
    return undefined;
  }
  const config = path.join(codexHome(env, home), 'config.toml');
  const read = readConfig(config);
  // Codex keys trust by absolute path; the real path too, where a symlink leads to the checkout.
  const roots = [...new Set([root, realpath(root)])];
  const trust = 'doc' in read ? tableAt(read.doc, 'projects') : undefined;
  const levels = roots.map((r) => stringAt(trust?.[r], 'trust_level'));
  const project =
    'doc' in read ? (levels.includes('trusted') ? 'trusted' : 'untrusted') : read.absent ? 'untrusted' : 'unknown';
  const states = 'doc' in read ? tableAt(tableAt(read.doc, 'hooks'), 'state') : undefined;
  const ours = codexHandlers(doc, path.join(roots[0] as string, CODEX.binding.file)).filter((h) =>
    isOurCommand(h.command),
  );
  const handlers = ours.map((h) => {
    const keys = roots.map((r) => h.key.replace(hooksFile, path.join(r, CODEX.binding.file)));
    const state = keys.map((k) => states?.[k]).find((s) => s !== undefined);
    return { event: h.event, key: h.key, hash: h.hash, status: handlerStatus(read, state, h.hash) };
  });
  return {
    config,
    read: 'doc' in read ? 'ok' : read.absent ? 'absent' : 'unreadable',
    ...('error' in read && !read.absent ? { error: read.error } : {}),
    project,
    handlers,
  };
}

/** What config.toml says of one handler's current hash. */
function handlerStatus(read: ReturnType<typeof readConfig>, state: TomlValue | undefined, hash: string): HandlerTrust {
  if (!('doc' in read)) return read.absent ? 'untrusted' : 'unknown';
  const enabled = stringAt(state, 'enabled');
  if (enabled === 'false') return 'disabled';
  const trusted = stringAt(state, 'trusted_hash');
  return trusted === undefined ? 'untrusted' : trusted === hash ? 'trusted' : 'modified';
}

/** config.toml parsed, absent, or unreadable with the reason. */
function readConfig(file: string): { doc: TomlTable } | { error: string; absent?: true } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { error: 'absent', absent: true } : { error: (err as Error).message };
  }
  return parseToml(text);
}

function tableAt(v: TomlValue | undefined, key: string): TomlTable | undefined {
  const t = v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v[key] : undefined;
  return t !== undefined && typeof t === 'object' && !Array.isArray(t) ? t : undefined;
}

function stringAt(v: TomlValue | undefined, key: string): string | undefined {
  const t = v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v[key] : undefined;
  return typeof t === 'string' ? t : undefined;
}

function realpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/** What Codex would say of a handler's status, for people. */
const SAID: Record<HandlerTrust, string> = {
  trusted: 'trusted',
  untrusted: 'not trusted',
  modified: 'trusted once, but its command or timeout changed since',
  disabled: 'turned off',
  unknown: 'unknown',
};

/** doctor's findings on the two gates, each with the step that opens it. */
export function codexTrustFindings(t: CodexTrust, root: string): Finding[] {
  const out: Finding[] = [];
  if (t.read === 'unreadable') {
    out.push({
      code: 'codex-config-unreadable',
      severity: 'warning',
      where: t.config,
      message: `${t.config} cannot be read (${t.error}): doctor cannot tell whether Codex trusts this project or hookshim's handlers`,
      fix: `fix ${t.config} (Codex reads it too), then run \`hookshim doctor\` again`,
    });
    return out;
  }
  if (t.project !== 'trusted')
    out.push({
      code: 'codex-project-untrusted',
      severity: 'warning',
      where: t.config,
      message:
        `Codex does not trust ${root}: ${t.config} ` +
        (t.read === 'absent'
          ? 'does not exist (Codex has not run with this CODEX_HOME)'
          : `has no [projects."${root}"] trust_level = "trusted"`) +
        '. Codex then loads no .codex/hooks.json here, so no guard runs, and says so only in one stderr line',
      fix: CODEX_TRUST_STEPS.project,
    });
  const closed = t.handlers.filter((h) => h.status !== 'trusted');
  if (closed.length > 0)
    out.push({
      code: 'codex-handler-untrusted',
      severity: 'warning',
      where: CODEX.binding.file,
      message:
        `${closed.length} of hookshim's ${t.handlers.length} handlers ${closed.length === 1 ? 'is' : 'are'} not ` +
        `trusted in ${t.config}, so Codex skips ${closed.length === 1 ? 'it' : 'them'} without a word: ` +
        closed.map((h) => `${h.event} (${SAID[h.status]}; key ${h.key})`).join(', '),
      fix: CODEX_TRUST_STEPS.handlers,
    });
  return out;
}
