// CLAUDE_PLUGIN_DATA (docs/claude-hooks.md §1.5, §7): Claude Code gives each plugin's hooks a persistent, writable folder
// (~/.claude/plugins/data/<id>/); hookshim gives each catalog one in its state directory, outside the areas collection
// ages out, so what a script keeps there lasts as it would under Claude Code.
import path from 'node:path';
import type { StateDir } from './dir.ts';
import { ensurePrivateDir } from './fsx.ts';
import { sha256HexOf } from './digest.ts';

/** The folder under the state directory that holds every catalog's data folder (never collected). */
export const PLUGIN_DATA = 'plugin-data';

/** The data folder of the catalog whose rows run with CLAUDE_PLUGIN_ROOT `catalogRoot`, created private; undefined when unusable. */
export function pluginDataDir(stateDir: StateDir | null, catalogRoot: string): string | undefined {
  if (!stateDir) return undefined;
  const base = path.join(stateDir.root, PLUGIN_DATA);
  if (ensurePrivateDir(base, false)) return undefined;
  // Readable and unique: the catalog folder's name, and a digest of its path (two checkouts never share one).
  const name =
    path
      .basename(catalogRoot)
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .slice(0, 40) || 'catalog';
  const dir = path.join(base, `${name}-${sha256HexOf(catalogRoot).slice(0, 12)}`);
  return ensurePrivateDir(dir, false) ? undefined : dir;
}
