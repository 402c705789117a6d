// Trace log: with HOOKSHIM_LOG=<file>, one NDJSON record per event (no payload contents unless HOOKSHIM_LOG_PAYLOADS=1).
import fs from 'node:fs';
import type { Json } from '../adapters/types.ts';

export interface TraceRecord {
  at: string;
  event: string;
  conversation?: string;
  toolUseId?: string;
  tool?: string;
  rows: { row: string; label: string; event: string; ms: number; exit: number | null; timedOut: boolean }[];
  decision: Json | undefined;
  errors: string[];
  payload?: Json;
}

/** Append the record when tracing is on; never fails the event. */
export function trace(env: NodeJS.ProcessEnv, rec: TraceRecord, input: Json): void {
  const file = env.HOOKSHIM_LOG;
  if (!file) return;
  const out = env.HOOKSHIM_LOG_PAYLOADS === '1' ? { ...rec, payload: input } : rec;
  try {
    fs.appendFileSync(file, `${JSON.stringify(out)}\n`, { mode: 0o600 });
  } catch {
    /* tracing is best effort */
  }
}
