// CLAUDE_ENV_FILE for SessionStart scripts (docs/claude-hooks.md §1.5): a fresh empty file per event, read back
// after the scripts ran so the adapter can turn its exports into Cursor's sessionStart `env`.
import os from 'node:os';
import path from 'node:path';
import { areaPath, type StateDir } from './dir.ts';
import { createExclusive, readText } from './fsx.ts';

/** A new, empty env file of ours for this event; undefined when none can be made (the scripts then get none). */
export function makeEnvFile(state: StateDir | null, session: string): string | undefined {
  const name = `${session.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}-${process.pid}-${Date.now()}.env`;
  const file = state ? areaPath(state, 'env', name) : path.join(os.tmpdir(), `hookshim-${name}`);
  if (!file) return undefined;
  try {
    // A fresh file of ours: never an existing one, never through a symlink (the temp dir is shared in degraded mode).
    return createExclusive(file, '') ? file : undefined;
  } catch {
    return undefined;
  }
}

/** What the scripts wrote into the env file ('' when it is gone or was replaced by something not ours). */
export function readEnvFile(file: string): string {
  return readText(file) ?? '';
}
