// `hookshim replay <file>`: re-run the events of a HOOKSHIM_LOG trace (recorded with HOOKSHIM_LOG_PAYLOADS=1)
// through the hook bundle against the current catalog, and compare each new answer with the recorded one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ndjson from 'ndjson';
import type { Json } from '../../adapters/json.ts';
import { isHostId } from '../../adapters/hosts/registry.ts';
import { handles, type HostId, type HostTable } from '../../adapters/hosts/types.ts';
import { readBinding } from '../project/binding.ts';
import { boundHosts, HOST_TABLES } from './hosts.ts';
import { PROJECT_POLICIES, resolveProject } from '../project/paths.ts';
import type { TraceLine } from '../hook/trace.ts';
import { canonical } from '../../adapters/json.ts';
import { defaultBundle } from './plan.ts';
import { PLUGIN_BUNDLE, PLUGIN_HOOKS } from '../project/plugin.ts';
import { boundPluginFolder, CommandError, EXIT } from './io.ts';

export interface ReplayOptions {
  file: string;
  /** Project root for every event; default: the payload's workspace_roots[0] when it exists here, else the repository cwd is in. */
  dir?: string;
  /** The hook bundle to run; default: the one this CLI ships. */
  bundle?: string;
  /**
   * A Cursor plugin's folder (what `init --plugin` bound): every event replayed as its binding runs it, through its
   * own bundle (.cursor-plugin/hookshim.cjs) and with the timeout of its hooks file (docs/plugins.md).
   */
  plugin?: string;
  /** Only events of this event name. */
  event?: string;
  /** The host every event is replayed as; default: the record's own, else the bound host that has the event, else Cursor. */
  host?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export type ReplayStatus = 'same' | 'wording' | 'changed' | 'error' | 'skipped';

export interface ReplayedEvent {
  line: number;
  event: string;
  /** The host it was replayed as. */
  host?: HostId;
  tool?: string;
  toolUseId?: string;
  status: ReplayStatus;
  /** Why skipped, or what went wrong. */
  detail?: string;
  before?: Json | null;
  after?: Json;
  ms?: number;
}

export interface ReplayReport {
  file: string;
  bundle: string;
  events: ReplayedEvent[];
  /** Lines that were not JSON: counted and reported, never dropped silently. */
  unreadable: { count: number; examples: string[] };
  counts: Record<ReplayStatus, number>;
}

/** Fields that carry the decision itself; any other difference is wording (e.g. a time stamp in a context). */
const DECISION_FIELDS = ['permission', 'continue', 'updated_input'];
const PRESENCE_FIELDS = ['followup_message', 'additional_context', 'user_message', 'env'];

/** Stream-parse the trace with ndjson; bad lines are counted, not fatal. */
export async function readTrace(
  file: string,
): Promise<{ records: { line: number; rec: Partial<TraceLine> }[]; unreadable: ReplayReport['unreadable'] }> {
  if (!fs.existsSync(file))
    throw new CommandError(`no trace at ${file} (record one with HOOKSHIM_LOG=${file} HOOKSHIM_LOG_PAYLOADS=1)`);
  const records: { line: number; rec: Partial<TraceLine> }[] = [];
  const unreadable = { count: 0, examples: [] as string[] };
  const parser = ndjson.parse({ strict: true });
  let line = 0;
  // Bad rows surface as 'error' events; chunks are written by hand (not piped) so one bad row does not unpipe the rest.
  parser.on('error', (err: Error) => {
    line++;
    unreadable.count++;
    if (unreadable.examples.length < 3) unreadable.examples.push(`line ${line}: ${err.message}`);
  });
  parser.on('data', (rec: unknown) => {
    line++;
    if (typeof rec === 'object' && rec !== null && !Array.isArray(rec))
      records.push({ line, rec: rec as Partial<TraceLine> });
    else {
      unreadable.count++;
      if (unreadable.examples.length < 3) unreadable.examples.push(`line ${line}: not a JSON object`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    const input = fs.createReadStream(file);
    input.on('data', (c) => parser.write(c));
    input.on('error', reject);
    input.on('end', () => {
      parser.on('end', resolve);
      parser.end();
    });
  });
  return { records, unreadable };
}

/** Replay every record that has a payload; nothing is written to the trace itself. */
export async function replay(opts: ReplayOptions): Promise<ReplayReport> {
  const file = path.resolve(opts.cwd, opts.file);
  const plugin = opts.plugin === undefined ? undefined : boundPluginFolder(opts.plugin, opts.cwd);
  if (plugin !== undefined && opts.bundle)
    throw new CommandError("--plugin runs the plugin's own bundle; give --plugin or --bundle, not both", EXIT.usage);
  const bundle = plugin
    ? path.join(plugin, PLUGIN_BUNDLE)
    : opts.bundle
      ? path.resolve(opts.cwd, opts.bundle)
      : defaultBundle();
  if (!fs.existsSync(bundle))
    throw new CommandError(
      `the hook bundle is missing at ${bundle}; run \`npm run build\` or pass --bundle .cursor/hooks/hookshim.cjs`,
    );
  if (opts.host !== undefined && !isHostId(opts.host))
    throw new CommandError(
      `unknown host "${opts.host}": --host takes ${Object.keys(HOST_TABLES).join(', ')}`,
      EXIT.usage,
    );
  const { records, unreadable } = await readTrace(file);
  // One fresh state dir for the whole replay: stashes flow from a preToolUse to its postToolUse as they did live,
  // and nothing touches (or is deduplicated against) the real sessions.
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-replay-'));
  const events: ReplayedEvent[] = [];
  try {
    for (const { line, rec } of records) {
      const event = String(rec.event ?? '');
      const table = HOST_TABLES[replayHost(opts, rec, event)];
      const head: ReplayedEvent = {
        line,
        event,
        host: table.id,
        status: 'skipped',
        ...(rec.tool ? { tool: rec.tool } : {}),
        ...(rec.toolUseId ? { toolUseId: rec.toolUseId } : {}),
      };
      if (opts.event && event !== opts.event) continue;
      if (!rec.payload || typeof rec.payload !== 'object') {
        events.push({ ...head, detail: 'no payload recorded (trace with HOOKSHIM_LOG_PAYLOADS=1)' });
        continue;
      }
      events.push(replayOne(head, rec, { opts, bundle, plugin, state, table }));
    }
  } finally {
    fs.rmSync(state, { recursive: true, force: true });
  }
  const counts: ReplayReport['counts'] = { same: 0, wording: 0, changed: 0, error: 0, skipped: 0 };
  for (const e of events) counts[e.status]++;
  return { file, bundle, events, unreadable, counts };
}

/** One record through the bundle, as its host runs it: the new answer against the recorded one, both as the host reads them. */
function replayOne(
  head: ReplayedEvent,
  rec: Partial<TraceLine>,
  c: { opts: ReplayOptions; bundle: string; plugin: string | undefined; state: string; table: HostTable },
): ReplayedEvent {
  const { opts, table } = c;
  const payload = rec.payload as Json;
  const dir = projectFor(opts, payload);
  const env: NodeJS.ProcessEnv = { ...opts.env, HOOKSHIM_STATE_DIR: c.state, CURSOR_PROJECT_DIR: dir };
  for (const k of ['HOOKSHIM_LOG', 'HOOKSHIM_LOG_PAYLOADS', 'HOOKSHIM'] as const) delete env[k];
  const hooks = c.plugin ? path.join(c.plugin, PLUGIN_HOOKS) : path.join(dir, table.binding.file);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [c.bundle, '--host', table.id, head.event], {
    cwd: dir,
    env,
    input: JSON.stringify(payload),
    encoding: 'utf8',
    timeout: (readBinding(dir, head.event, hooks, table.binding, table.name).timeoutS + 10) * 1000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const ms = Date.now() - t0;
  let after: Json;
  try {
    after = JSON.parse(r.stdout) as Json;
  } catch {
    const why = `${r.status}${r.error ? `, ${r.error.message}` : ''}`;
    const said = (r.stderr || r.stdout).trim().slice(0, 300);
    return { ...head, status: 'error', ms, detail: `the bundle did not answer with JSON (exit ${why}): ${said}` };
  }
  // The trace keeps the decided answer; the bundle writes it as the host reads it.
  const decided = (rec.decision as Json | undefined) ?? null;
  const before = decided === null ? null : table.render(decided, () => undefined, head.event);
  return { ...head, status: compare(before, after), before, after, ms };
}

/** The host a record is replayed as: --host, else the record's, else the bound host that has the event, else Cursor. */
function replayHost(opts: ReplayOptions, rec: Partial<TraceLine>, event: string): HostId {
  if (opts.host !== undefined && isHostId(opts.host)) return opts.host;
  if (typeof rec.host === 'string' && isHostId(rec.host)) return rec.host;
  if (opts.plugin !== undefined) return 'cursor';
  const payload = rec.payload && typeof rec.payload === 'object' ? rec.payload : {};
  const bound = boundHosts(projectFor(opts, payload));
  return bound.find((id) => handles(HOST_TABLES[id], event)) ?? 'cursor';
}

/** same / wording (same decision, different text) / changed (a different decision). */
export function compare(before: Json | null, after: Json): ReplayStatus {
  if (before === null) return 'changed';
  if (canonical(before) === canonical(after)) return 'same';
  for (const k of DECISION_FIELDS) if (canonical(before[k]) !== canonical(after[k])) return 'changed';
  for (const k of PRESENCE_FIELDS) if ((before[k] === undefined) !== (after[k] === undefined)) return 'changed';
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const k of keys)
    if (!DECISION_FIELDS.includes(k) && !PRESENCE_FIELDS.includes(k) && canonical(before[k]) !== canonical(after[k]))
      return 'changed';
  return 'wording';
}

/** A logged event's project (replay's policy): --dir, else its payload's workspace_roots[0] when it exists here, else cwd's repository. */
function projectFor(opts: ReplayOptions, payload: Json): string {
  const given = opts.dir ? { given: { dir: path.resolve(opts.cwd, opts.dir), how: '--dir' } } : {};
  return resolveProject({ env: opts.env, cwd: opts.cwd, payload }, { ...PROJECT_POLICIES.replay, ...given }).dir;
}
