// `hookshim doctor [DIR]`: the human view of `check`, plus the facts of this machine that decide whether
// Cursor's hook runs work here: Node, the project root, the state directory, switches, double binding.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stateRootFor } from '../state/dir.ts';
import { CHECKED_MAJORS } from '../hook/uvSpawn.ts';
import { VERSION } from '../hook/version.ts';
import { foreignCounts, HOOKS_JSON, isOurs } from '../project/binding.ts';
import { NODE_FLAGS } from '../project/nodeFlags.ts';
import { PROJECT_POLICIES, resolveProject } from '../project/paths.ts';
import { safeHome } from '../state/fsx.ts';
import { describeCatalogs } from './catalogs.ts';
import { codexTrust, codexTrustFindings, type CodexTrust } from './codexTrust.ts';
import { boundHosts, HOST_TABLES } from './hosts.ts';
import { cursorBound, lastRuns, loadedFindings, type LastRun } from './loaded.ts';
import { onPath, runChecks, type CheckResult } from './check.ts';
import type { Finding } from './findings.ts';

/** Oldest Node the bundle supports (package.json engines). */
export const MIN_NODE = [20, 19] as const;

export interface DoctorOptions {
  /** The DIR argument, if given. */
  dir?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  home?: string;
  bundle?: string;
}

export interface BoundEvent {
  event: string;
  command: string;
  timeout: number | null;
  loopLimit?: number | null;
  /** What the host does when the command cannot answer (docs/hosts.md). */
  failClosed?: boolean;
  /** Cursor's matcher on the entry (adapters/cursorMatcher.ts). */
  matcher?: string;
  /** Other entries on the same event (hand-written hooks, other tools). */
  foreign: number;
}

export interface DoctorReport {
  hookshim: string;
  node: { version: string; ok: boolean; pathNode?: string; pathVersion?: string };
  project: { dir: string; how: string };
  /** Each catalog Cursor runs here: how its rows run, and how many (null: unreadable). */
  catalogs: ReturnType<typeof describeCatalogs>;
  /** HOOKSHIM_CATALOG, when set: this machine's hook path runs only it. */
  override: string | null;
  config: { file: string; present: boolean };
  state: {
    dir: string;
    usable: boolean;
    detail: string;
    /** What it holds now: files and bytes (records are collected after 24 h). */ holds?: {
      files: number;
      bytes: number;
    };
  };
  switches: { shim: 'on' | 'off'; log: string | null; logPayloads: boolean; debug: boolean };
  /** When hookshim last ran for this project, per binding and host (heartbeats; src/commands/loaded.ts). */
  lastRan: LastRun[];
  /** The hosts the project is bound for, each with its binding file. */
  hosts: { id: string; name: string; file: string }[];
  /** Codex's trust of this project and of hookshim's handlers (src/commands/codexTrust.ts), when bound for Codex. */
  codexTrust?: CodexTrust;
  bound: BoundEvent[];
  check: CheckResult;
  findings: Finding[];
}

/** Gather the report; runs nothing but `node --version` of the node on PATH. */
export function doctor(opts: DoctorOptions): DoctorReport {
  const { dir, how } = resolveRoot(opts);
  const check = runChecks({
    dir,
    env: opts.env,
    machine: true,
    ...(opts.home ? { home: opts.home } : {}),
    ...(opts.bundle ? { bundle: opts.bundle } : {}),
  });
  const findings: Finding[] = [];

  const node = nodeStatus(opts.env, findings);
  if (!check.catalogs.loads.some((l) => fs.existsSync(l.file))) {
    const up = findUp(path.dirname(dir));
    if (up)
      findings.push({
        code: 'wrong-root',
        severity: 'info',
        where: dir,
        message: `no catalog here, but ${up} has one`,
        fix: `run \`hookshim doctor ${up}\``,
      });
  }

  const state = stateStatus(stateRootFor(opts.env));
  const holds = sizeOf(state.dir);
  if (holds) state.holds = holds;
  if (!state.usable)
    findings.push({
      code: 'state-unusable',
      severity: 'warning',
      where: state.dir,
      message: `state directory unusable (${state.detail}): hookshim runs degraded (no warning replay, no dedup of duplicate processes)`,
      fix: 'fix its owner/permissions, or set HOOKSHIM_STATE_DIR to a private directory',
    });

  const lastRan = lastRuns(state.dir, dir);
  // Cursor counts as bound when its hooks file has entries; every other host by its binding file (src/commands/hosts.ts).
  const hosts = boundHosts(dir).filter((h) => h !== 'cursor' || cursorBound(check.hooks));
  findings.push(...loadedFindings(lastRan, check.hooks, opts.env, Date.now(), hosts));
  const trust = hosts.includes('codex')
    ? codexTrust(dir, opts.env, opts.home ?? (opts.env.HOME || safeHome() || ''))
    : undefined;
  if (trust) findings.push(...codexTrustFindings(trust, dir));

  const switches = switchesOf(opts.env);
  if (switches.shim === 'off')
    findings.push({
      code: 'shim-off',
      severity: 'warning',
      where: 'HOOKSHIM=0',
      message: 'the shim is switched off in this environment: every event answers allow / {} without running a guard',
      fix: 'unset HOOKSHIM',
    });

  return {
    hookshim: VERSION,
    node,
    project: { dir, how },
    catalogs: describeCatalogs(check.catalogs, dir),
    override: opts.env.HOOKSHIM_CATALOG || null,
    config: {
      file: path.join(dir, '.cursor', 'hookshim.json'),
      present: fs.existsSync(path.join(dir, '.cursor', 'hookshim.json')),
    },
    state,
    switches,
    lastRan,
    hosts: hosts.map((id) => ({ id, name: HOST_TABLES[id].name, file: HOST_TABLES[id].binding.file })),
    ...(trust ? { codexTrust: trust } : {}),
    bound: boundEvents(check),
    check,
    // On Windows a machine without Git Bash is said first (docs/hosts.md, "Windows").
    findings: [
      ...check.findings.filter((f) => f.code === 'windows-no-git-bash'),
      ...findings,
      ...check.findings.filter((f) => f.code !== 'windows-no-git-bash'),
    ],
  };
}

/** The project to examine (check's policy): the DIR argument, else CURSOR_PROJECT_DIR, else the repository cwd is in. */
function resolveRoot(opts: DoctorOptions): { dir: string; how: string } {
  const given =
    opts.dir !== undefined ? { given: { dir: path.resolve(opts.cwd, opts.dir), how: 'the DIR argument' } } : {};
  return resolveProject(opts, { ...PROJECT_POLICIES.check, ...given });
}

/** The nearest ancestor with a catalog or a binding. */
function findUp(from: string): string | undefined {
  let d = from;
  for (;;) {
    if (
      fs.existsSync(path.join(d, 'hooks', 'hooks.json')) ||
      fs.existsSync(path.join(d, '.claude', 'settings.json')) ||
      fs.existsSync(path.join(d, HOOKS_JSON))
    )
      return d;
    const parent = path.dirname(d);
    if (parent === d) return undefined;
    d = parent;
  }
}

/** This Node and the node on PATH (the one the bound command runs), with a finding for each that is too old or missing. */
function nodeStatus(env: NodeJS.ProcessEnv, findings: Finding[]): DoctorReport['node'] {
  const nodeOk = atLeast(process.versions.node, MIN_NODE);
  const node: DoctorReport['node'] = { version: process.versions.node, ok: nodeOk };
  if (!nodeOk)
    findings.push({
      code: 'node-too-old',
      severity: 'error',
      where: 'node',
      message: `this Node is ${process.versions.node}; hookshim needs ${MIN_NODE.join('.')} or newer`,
      fix: 'install Node 20.19+ (the hook runs `node` from the PATH Cursor sees)',
    });
  const pathNode = onPath('node', env);
  if (pathNode) {
    node.pathNode = pathNode;
    const v = pathNodeVersion(pathNode, findings);
    if (v) {
      node.pathVersion = v;
      if (!atLeast(v, MIN_NODE))
        findings.push({
          code: 'node-too-old',
          severity: 'error',
          where: pathNode,
          message: `the node on PATH is ${v}: the bound command runs it, and hookshim needs ${MIN_NODE.join('.')}+`,
          fix: 'put Node 20.19+ first on PATH for Cursor',
        });
    }
    const lean = v ? leanRunnerFinding(v, pathNode) : undefined;
    if (lean) findings.push(lean);
    const ca = extraCaCost(pathNode, env);
    if (ca) findings.push(ca);
  } else {
    findings.push({
      code: 'node-not-on-path',
      severity: 'error',
      where: 'PATH',
      message: 'no `node` on PATH: the bound command (`node …/hooks/hookshim.cjs <event>`) cannot start here',
      fix: 'install Node 20.19+ and make sure Cursor inherits a PATH that has it',
    });
  }
  return node;
}

/**
 * The version of the node on PATH, asked with the flags every bound command gives it (src/project/nodeFlags.ts): a Node
 * that refuses them (one built without the inspector) starts no event at all, and that is an error of its own.
 */
function pathNodeVersion(pathNode: string, findings: Finding[]): string | undefined {
  const version = (args: string[]) => spawnSync(pathNode, [...args, '--version'], { encoding: 'utf8', timeout: 5000 });
  const bound = version(NODE_FLAGS.split(' '));
  if (bound.status === 0) return bound.stdout.trim().replace(/^v/, '') || undefined;
  const plain = version([]);
  const said = (bound.stderr ?? '').trim().split(/\r?\n/)[0];
  const v = plain.stdout?.trim().replace(/^v/, '') || undefined;
  // Only a refusal counts: a start that timed out or failed says nothing about the flags.
  if (plain.status === 0 && !bound.error && typeof bound.status === 'number')
    findings.push({
      code: 'node-rejects-flags',
      severity: 'error',
      where: pathNode,
      message:
        `the node on PATH${v ? ` (${v})` : ''} refuses the bound command's \`${NODE_FLAGS}\` ` +
        `(${said || `exit ${bound.status}`}): no event starts, so Cursor denies ` +
        'every call it guards (failClosed) and runs nothing elsewhere',
      fix: 'use an official Node 20.19+ build (one built with the inspector) first on the PATH Cursor sees',
    });
  return v;
}

/** A Node major whose internal spawn bindings hookshim has not checked starts every script through node:child_process. */
function leanRunnerFinding(version: string, where: string): Finding | undefined {
  const major = Number(version.split('.')[0]);
  if (process.platform === 'win32' || (major >= CHECKED_MAJORS.first && major <= CHECKED_MAJORS.last)) return undefined;
  if (!atLeast(version, MIN_NODE)) return undefined;
  return {
    code: 'node-unchecked-spawn',
    severity: 'info',
    where,
    message:
      `the node on PATH is ${version}: hookshim checked its fast way of starting scripts (Node's process and pipe ` +
      `bindings) on Node ${CHECKED_MAJORS.first}-${CHECKED_MAJORS.last} only, so here every guard starts through ` +
      'node:child_process (correct, ~17-30 ms slower per event that runs one)',
    fix: 'upgrade hookshim, or run Cursor with a checked Node; docs/performance.md "The runner"',
  };
}

/**
 * NODE_EXTRA_CA_CERTS makes Node (20 here) read and parse the whole file as it starts, before any script runs
 * (nodejs/node#40524): every hook event pays it. Measured as `node -e 0` with and without it, medians of three each.
 */
function extraCaCost(node: string, env: NodeJS.ProcessEnv): Finding | undefined {
  const file = env.NODE_EXTRA_CA_CERTS;
  if (!file) return undefined;
  const startMs = (e: NodeJS.ProcessEnv): number => {
    const runs = [0, 1, 2].map(() => {
      const t0 = performance.now();
      spawnSync(node, ['-e', '0'], { env: e, stdio: 'ignore', timeout: 10_000 });
      return performance.now() - t0;
    });
    return runs.sort((a, b) => a - b)[1] as number;
  };
  const withIt = startMs(env);
  const without = startMs({ ...env, NODE_EXTRA_CA_CERTS: '' });
  return {
    code: 'node-extra-ca-certs',
    severity: 'info',
    where: 'NODE_EXTRA_CA_CERTS',
    message:
      `NODE_EXTRA_CA_CERTS=${file}: Node parses it at every start, so every hook event pays it ` +
      `(\`node -e 0\` ${withIt.toFixed(0)} ms with it, ${without.toFixed(0)} ms without)`,
    fix:
      'where no hook needs the extra CA (no http row, no guard calling HTTPS through it), start Cursor without it; ' +
      'docs/performance.md "Node\'s own start"',
  };
}

/** The HOOKSHIM_* switches set in this environment. */
function switchesOf(env: NodeJS.ProcessEnv): DoctorReport['switches'] {
  return {
    shim: env.HOOKSHIM === '0' ? 'off' : 'on',
    log: env.HOOKSHIM_LOG || null,
    logPayloads: env.HOOKSHIM_LOG_PAYLOADS === '1',
    debug: env.HOOKSHIM_DEBUG === '1' || env.HOOKSHIM_DEBUG === 'true',
  };
}

/** Our entries in `.cursor/hooks.json`, per event, with how many foreign entries share it. */
function boundEvents(check: CheckResult): BoundEvent[] {
  const bound: BoundEvent[] = [];
  if (check.hooks.kind === 'ok') {
    const foreign = foreignCounts(check.hooks.hooks);
    for (const [event, list] of Object.entries(check.hooks.hooks)) {
      for (const e of list.filter(isOurs) as Record<string, unknown>[]) {
        const b: BoundEvent = {
          event,
          command: String(e.command),
          timeout: typeof e.timeout === 'number' ? e.timeout : null,
          foreign: foreign[event] ?? 0,
        };
        if ('loop_limit' in e) b.loopLimit = e.loop_limit as number | null;
        if (typeof e.failClosed === 'boolean') b.failClosed = e.failClosed;
        if (typeof e.matcher === 'string') b.matcher = e.matcher;
        bound.push(b);
      }
    }
  }
  return bound;
}

/** Whether hookshim could use `root` as its state directory, without creating or changing anything. */
export function stateStatus(root: string): DoctorReport['state'] {
  const me = typeof process.getuid === 'function' ? process.getuid() : -1;
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(root);
  } catch {
    let d = path.dirname(root);
    while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
    try {
      fs.accessSync(d, fs.constants.W_OK | fs.constants.X_OK);
      return {
        dir: root,
        usable: true,
        detail: `does not exist yet; created${process.platform === 'win32' ? '' : ' with mode 700'} on the first event, under ${d}`,
      };
    } catch {
      return { dir: root, usable: false, detail: `does not exist and ${d} is not writable` };
    }
  }
  if (stat.isSymbolicLink())
    return { dir: root, usable: false, detail: 'it is a symbolic link, which hookshim never follows' };
  if (!stat.isDirectory()) return { dir: root, usable: false, detail: 'it is not a directory' };
  // Windows has no POSIX modes: the folder is private through its per-user place (docs/security.md, "On Windows").
  if (process.platform === 'win32')
    return { dir: root, usable: true, detail: 'a per-user folder (no POSIX modes on Windows)' };
  if (me >= 0 && stat.uid !== me) return { dir: root, usable: false, detail: `owned by uid ${stat.uid}, not ${me}` };
  try {
    fs.accessSync(root, fs.constants.W_OK | fs.constants.X_OK);
  } catch {
    return { dir: root, usable: false, detail: 'not writable' };
  }
  const mode = (stat.mode & 0o777).toString(8);
  return {
    dir: root,
    usable: true,
    detail:
      (stat.mode & 0o077) === 0
        ? `private, mode ${mode}`
        : `mode ${mode}: hookshim tightens it to 700 on the next event`,
  };
}

function atLeast(version: string, min: readonly [number, number]): boolean {
  const [maj = 0, minor = 0] = version.split('.').map(Number);
  return maj > min[0] || (maj === min[0] && minor >= min[1]);
}

/** Files and bytes under a directory (never following a symlink); undefined when it does not exist. */
export function sizeOf(dir: string): { files: number; bytes: number } | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const total = { files: 0, bytes: 0 };
  const walk = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        total.files += 1;
        total.bytes += fs.lstatSync(p, { throwIfNoEntry: false })?.size ?? 0;
      }
    }
  };
  walk(dir);
  return total;
}
