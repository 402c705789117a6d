// Two lists under Codex: handlers of .codex/hooks.json that hookshim does not own but that run what the catalog runs.
// Codex's `/import` copies `.claude/hooks/` scripts into `.codex/` and their matchers verbatim (docs/codex-hooks.md §6):
// such a copy runs each guard a second time, with Codex's untranslated input, and stops following the catalog
// (`codex-import-copy`, `codex-import-stale`); a handler running the catalog's own script is `native-duplicate`, as
// under Cursor (./nativeDuplicates.ts).
import fs from 'node:fs';
import path from 'node:path';
import { codexHandlers } from '../../adapters/hosts/codex/trust.ts';
import { CODEX } from '../../adapters/hosts/codex/index.ts';
import type { CatalogSource } from '../../catalog/sources.ts';
import { rowPlace, type CatalogRow } from '../../catalog/types.ts';
import { isOurCommand } from '../project/binding.ts';
import type { Finding } from './findings.ts';
import { catalogScripts, foreignFinding, inside, twinOf, type CatalogScript } from './nativeDuplicates.ts';

/** Files under .codex/ that are init's own, never a copy. */
const OWN = new Set([CODEX.binding.file, '.codex/hooks/hookshim.cjs', CODEX.configFile as string]);

/** Most files looked at under .codex/ for copies. */
const MAX_FILES = 2000;

/** check's findings on the handlers of .codex/hooks.json that are not hookshim's, and on /import copies beside them. */
export function codexForeign(
  rows: readonly CatalogRow[],
  dir: string,
  home: string | undefined,
  catalogs: readonly CatalogSource[],
): Finding[] {
  const file = path.join(dir, CODEX.binding.file);
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const scripts = catalogScripts(rows, dir, home);
  const copies = copiesOf(scripts, dir);
  const out: Finding[] = [];
  const c = { scripts, catalogs, dir, home };
  for (const h of codexHandlers(doc, file)) {
    if (isOurCommand(h.command)) continue;
    const where = `${CODEX.binding.file} ${h.event}[${h.group}].hooks[${h.index}]`;
    const copy = twinOf(h.command, copies, dir, home) as Copy | undefined;
    const found = copy
      ? copyRun(where, copy, h.event)
      : foreignFinding(h.command, where, c, { file: CODEX.binding.file, host: 'Codex' });
    if (found) out.push(found);
  }
  for (const copy of copies) if (differs(copy)) out.push(stale(copy));
  return out;
}

/** A file under .codex/ named as a catalog script is (an /import copy), that script, and every row running it. */
interface Copy extends CatalogScript {
  of: CatalogScript;
  rows: readonly CatalogScript['row'][];
}

/** Files under .codex/ named as a catalog script is, each standing for that script's row (an /import copy). */
function copiesOf(scripts: readonly CatalogScript[], dir: string): Copy[] {
  const byName = new Map<string, CatalogScript[]>();
  for (const s of scripts.filter((x) => x.rel !== undefined))
    byName.set(path.basename(s.file), [...(byName.get(path.basename(s.file)) ?? []), s]);
  const out: Copy[] = [];
  let seen = 0;
  const walk = (d: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (++seen > MAX_FILES) return;
      const p = path.join(d, e.name);
      const rel = inside(dir, p);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && rel !== undefined && !OWN.has(rel) && byName.has(e.name)) {
        const all = byName.get(e.name) as CatalogScript[];
        const of = all[0] as CatalogScript;
        out.push({ row: of.row, file: p, rel, args: of.args, of, rows: all.map((x) => x.row) });
      }
    }
  };
  walk(path.join(dir, '.codex'));
  return out;
}

/** The copy's bytes are not its catalog script's bytes now. */
function differs(copy: Copy): boolean {
  try {
    return !fs.readFileSync(copy.file).equals(fs.readFileSync(copy.of.file));
  } catch {
    return false;
  }
}

/** The catalog script a copy stands for, as messages show it. */
const original = (copy: Copy): string => copy.of.rel ?? copy.of.file;

/** A handler that runs an /import copy of a catalog script. */
function copyRun(where: string, copy: Copy, event: string): Finding {
  const from = original(copy);
  const row = copy.rows.find((r) => r.event === event) ?? copy.row;
  return {
    code: 'codex-import-copy',
    severity: 'error',
    where,
    message:
      `runs ${copy.rel}, a copy of ${from} (Codex's /import): hookshim already runs ${from} for ` +
      `${rowPlace(row)} (${row.event}), so the guard runs twice, once here with Codex's untranslated input (an edit arrives as ` +
      'apply_patch without file_path, so a file guard allows it; ask, a deny without a reason, exit 1 and a timeout ' +
      'let the call run), and the copy does not follow edits of the catalog',
    fix:
      `remove this handler from ${CODEX.binding.file} and delete ${copy.rel}: hookshim runs ${from} from the ` +
      'catalog under Codex (init keeps handlers it does not own, so it will not remove it for you)',
  };
}

/** A copy that no longer matches the catalog script it was taken from. */
function stale(copy: Copy): Finding {
  const from = original(copy);
  return {
    code: 'codex-import-stale',
    severity: 'warning',
    where: copy.rel,
    message: `differs from ${from}, the catalog script it copies (Codex's /import): edits of the catalog do not reach it`,
    fix: `delete ${copy.rel} and any handler running it: hookshim runs ${from} itself under Codex`,
  };
}
