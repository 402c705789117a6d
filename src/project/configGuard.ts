// A .cursor/hookshim.json the hook path's zod-free reader did not take: parsed in full, and when it cannot be used
// (unreadable, not JSON, a wrong type, an unknown key), never a reason to drop a catalog (docs/security.md guarantee 4).
import { parseConfig, salvageCatalogs, type HookshimConfig } from './config.ts';

/** A file's good versions in the state dir: keep one, or find the newest that `accept` still takes. */
export interface KeptVersions {
  keep(text: string): Promise<void>;
  last<T>(accept: (text: string) => Promise<T | undefined>): Promise<{ value: T; savedAt: string } | undefined>;
}

/** The config of one event; `broken` when its file exists but cannot be used and no good version of it is known. */
export interface ConfigLoad {
  config: HookshimConfig;
  /** `warning`: what the events that do not deny say instead (the catalogs that run, and until when). */
  broken?: { file: string; problem: string; warning: string };
}

/**
 * The config from its text (or why it could not be read): parsed and kept when good; else its last good version,
 * loudly; else the catalogs the text still names (or, with none, those found by default), with `broken` set so that
 * permission events deny until the file is fixed.
 */
export async function guardConfig(
  file: string,
  read: string | Error,
  kept: KeptVersions | undefined,
  warn: (msg: string) => void,
): Promise<ConfigLoad> {
  const text = typeof read === 'string' ? read : undefined;
  const parsed = text === undefined ? undefined : parseConfig(text);
  if (parsed && !parsed.error && text !== undefined) {
    await kept?.keep(text);
    return { config: parsed.config };
  }
  const problem = parsed?.error ?? `cannot read it: ${(read as Error).message}`;
  const accept = async (t: string) => {
    const p = parseConfig(t);
    return p.error ? undefined : p.config;
  };
  const good = await kept?.last(accept);
  if (good) {
    warn(`${file}: ${problem}; running its last good version (saved ${good.savedAt}) until it is fixed`);
    return { config: good.value };
  }
  const catalogs = text === undefined ? undefined : salvageCatalogs(text);
  const runs = catalogs ? `the catalogs it still names (${catalogs.join(', ')})` : 'the catalogs found by default';
  const warning =
    `${file}: ${problem}; no good version of it is known: running ${runs}, and every tool call is denied until it ` +
    'is fixed';
  return { config: catalogs ? { catalogs } : {}, broken: { file, problem, warning } };
}
