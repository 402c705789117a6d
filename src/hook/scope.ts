// Which guards a binding runs, as one string for state keys (docs/plugins.md §3): two plugins and a project binding in
// one workspace never share a stash or a sentinel, and one set of guards bound twice (a project binding of a plugin's
// repository beside its installed copy) runs once.
import { placeholderVars } from '../../catalog/sources.ts';
import { scriptOf } from '../../catalog/script.ts';
import type { CatalogRow } from '../../catalog/types.ts';
import { readRegularFile } from '../project/paths.ts';

/** Script text beyond this is stood for by its length (a guard script is far smaller). */
const SCRIPT_CAP = 256 * 1024;

/**
 * The identity of a catalog's guards: each row as it runs (without where it was read from) and the text of the script
 * it runs. Two catalogs share it only when every row runs the same code: a copy the agent edited is another catalog,
 * so a guard is never skipped as the duplicate of one that differs.
 */
export function catalogScope(rows: readonly CatalogRow[], projectDir: string): string {
  const texts = new Map<string, string>();
  const textOf = (file: string): string => {
    let t = texts.get(file);
    if (t === undefined) {
      try {
        t = readRegularFile(file);
        if (t.length > SCRIPT_CAP) t = `${t.slice(0, SCRIPT_CAP)}\u0000${t.length}`;
      } catch {
        t = '\u0000unreadable';
      }
      texts.set(file, t);
    }
    return t;
  };
  return JSON.stringify(
    rows.map((r) => {
      const script =
        r.type === 'command' && r.command !== undefined ? scriptOf(r, placeholderVars(r, projectDir)) : undefined;
      return [
        r.event,
        r.matcher,
        r.type,
        r.command,
        r.shell,
        r.args,
        r.timeout,
        r.if,
        r.async,
        r.onFailure,
        r.source?.kind,
        script?.kind === 'file' ? textOf(script.path) : '',
      ];
    }),
  );
}
