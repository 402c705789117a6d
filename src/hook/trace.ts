// Trace log: with HOOKSHIM_LOG=<file>, one NDJSON record per event (no payload contents unless HOOKSHIM_LOG_PAYLOADS=1).
// `hookshim replay <file>` re-runs the records that carry a payload. Kept tiny: it is on the hook path.
import fs from 'node:fs';
import type { Json } from '../../adapters/types.ts';
import { describeError, nofollow, uid, writeFully } from '../state/fsx.ts';
import { VERSION } from './version.ts';

/** Version of the record shape; bump when a field changes meaning. */
export const TRACE_FORMAT = 1;

export interface TraceRecord {
  /** When the event started (ISO 8601). */
  at: string;
  /** The host's event. */
  event: string;
  /** The host that sent it (the bound command's `--host`; absent in records written before hosts: Cursor). */
  host?: string;
  conversation?: string;
  generation?: string;
  toolUseId?: string;
  tool?: string;
  /**
   * Each script run: its catalog and locator, label, Claude event, duration, exit code (null: killed or not started),
   * and what it decided.
   */
  rows: {
    catalog?: string;
    row: string;
    label: string;
    event: string;
    ms: number;
    exit: number | null;
    timedOut: boolean;
    verdict?: string;
  }[];
  /** The answer hookshim decided, in the shared vocabulary (the host's table renders it as the host reads it). */
  decision: Json | undefined;
  /** How the answer was reached when no catalog run decided it: duplicate process, fail open, shim off, … */
  role?: 'follower' | 'fail-open' | 'fail-closed' | 'off' | 'unhandled';
  /** Every warning hookshim printed on stderr for this event. */
  errors: string[];
  /** The host's payload as it arrived, only with HOOKSHIM_LOG_PAYLOADS=1. */
  payload?: Json;
}

/** What lands in the file: the record plus format, version, total duration. */
export interface TraceLine extends TraceRecord {
  v: number;
  hookshim: string;
  /** Milliseconds from the start of the event to the record. */
  ms: number;
}

/** Answer fields that echo the tool input back: redacted unless payloads are logged. */
const ECHOES = ['updated_input'] as const;

/** The line for one record: ids filled in from the payload, payload contents only when asked for. */
export function traceLine(env: NodeJS.ProcessEnv, rec: TraceRecord, input: Json, now = Date.now()): TraceLine {
  const withPayload = env.HOOKSHIM_LOG_PAYLOADS === '1';
  const started = Date.parse(rec.at);
  const line: TraceLine = {
    v: TRACE_FORMAT,
    hookshim: VERSION,
    ...rec,
    ms: Number.isFinite(started) ? Math.max(0, now - started) : 0,
  };
  const gen = input.generation_id;
  if (line.generation === undefined && typeof gen === 'string' && gen) line.generation = gen;
  if (line.decision && !withPayload) {
    const decision: Json = { ...line.decision };
    for (const k of ECHOES) if (decision[k] !== undefined) decision[k] = redact(decision[k]);
    line.decision = decision;
  }
  if (withPayload) line.payload = input;
  else delete line.payload;
  return line;
}

/**
 * Append the record when tracing is on; never fails the event. The log holds payloads (and their secrets) with
 * HOOKSHIM_LOG_PAYLOADS=1: it is opened without following a symlink, and written only if it is a regular file of
 * this user, mode 0600 (a file planted at the path by anyone else is refused, said on stderr).
 */
export function trace(
  env: NodeJS.ProcessEnv,
  rec: TraceRecord,
  input: Json,
  warn: (msg: string) => void = () => {},
): void {
  const file = env.HOOKSHIM_LOG;
  if (!file) return;
  let fd: number | undefined;
  try {
    fd = fs.openSync(
      file,
      fs.constants.O_WRONLY |
        fs.constants.O_APPEND |
        fs.constants.O_CREAT |
        nofollow() |
        (fs.constants.O_NONBLOCK ?? 0),
      0o600,
    );
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || (uid() >= 0 && stat.uid !== uid()))
      return warn(`HOOKSHIM_LOG ${file} is not a regular file of this user; no trace record written`);
    if ((stat.mode & 0o077) !== 0) fs.fchmodSync(fd, 0o600);
    // One write per record, O_APPEND: concurrent hookshim processes do not interleave lines.
    writeFully(fd, Buffer.from(`${JSON.stringify(traceLine(env, rec, input))}\n`));
  } catch (err) {
    warn(`HOOKSHIM_LOG ${file}: no trace record written (${describeError(err)})`);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Keep the keys of an echoed input, not its values. */
function redact(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return '[redacted]';
  return Object.fromEntries(Object.keys(v).map((k) => [k, '[redacted]']));
}
