// What init reads and writes besides .cursor/hooks.json: where the project root is (Cursor loads .cursor/ only there),
// and the catalogs list in .cursor/hookshim.json (every other key of that file is kept as it is).
import fs from 'node:fs';
import path from 'node:path';
import { parseJsonText } from '../../catalog/json.ts';
import { isRecord } from '../../catalog/types.ts';
import { HOOKS_JSON, ourEntries, readHooksFile } from '../project/binding.ts';
import { CONFIG_FILE } from '../project/config.ts';
import { readConfigText } from '../project/load.ts';
import { PROJECT_POLICIES, resolveProject } from '../project/paths.ts';
import { CommandError } from './io.ts';

export interface Root {
  /** Where Cursor loads .cursor/hooks.json: the repository root. */
  root: string;
  /** A package's own catalog found on the way, to record relative to the root. */
  catalogs: string[];
  notes: string[];
  warnings: string[];
}

/**
 * The project to bind for a folder: the repository it is in, since Cursor loads `.cursor/hooks.json` only from the
 * folder it opens (docs/cursor-hooks.md §1), unless `here`. A package with its own catalog is said plainly.
 */
export function findRoot(dir: string, here: boolean): Root {
  const out: Root = { root: dir, catalogs: [], notes: [], warnings: [] };
  const repo = resolveProject({ env: {}, cwd: dir }, { ...PROJECT_POLICIES.init, gitRoot: !here }).dir;
  if (repo === dir) return out;
  const rel = path.relative(repo, dir).split(path.sep).join('/');
  out.root = repo;
  out.notes.push(
    `${rel}/ is inside the repository ${repo}: bound there, since Cursor loads .cursor/hooks.json only from the folder it opens`,
  );
  const own = fs.existsSync(path.join(dir, 'hooks', 'hooks.json'));
  if (own) {
    out.catalogs.push(rel);
    out.warnings.push(
      `${rel} has its own catalog (a package of a monorepo?): it is bound from the repository root as the ` +
        `plugin ${rel}/ (\${CLAUDE_PLUGIN_ROOT} = ${rel}). A Cursor window opened on ${rel} alone loads no ` +
        `hooks; to bind it as a project of its own, run \`hookshim init ${rel} --here\``,
    );
  }
  if (fs.existsSync(path.join(dir, '.claude', 'settings.json'))) {
    out.warnings.push(
      `${rel}/.claude/settings.json is not bound: Claude Code reads it only when started in ${rel}, with ` +
        `$CLAUDE_PROJECT_DIR = ${rel}. Add it with --catalog ${rel}/.claude/settings.json if its commands ` +
        `work from the repository root`,
    );
  }
  const stray = readHooksFile(dir);
  if (stray.kind === 'ok' && ourEntries(stray.hooks).length > 0) {
    out.warnings.push(
      `${rel}/${HOOKS_JSON} binds hookshim, but Cursor does not load it when it opens the repository: delete ` +
        `${rel}/.cursor/ (hookshim is bound at the root now)`,
    );
  }
  return out;
}

/** .cursor/hookshim.json as init sees it: its document (undefined when absent) and the catalogs it records. */
export interface ConfigDoc {
  file: string;
  doc: Record<string, unknown> | undefined;
  catalogs: string[] | undefined;
}

/** Read .cursor/hookshim.json; one that cannot be read or parsed stops init (it never overwrites what it cannot read). */
export function readConfigDoc(dir: string): ConfigDoc {
  const file = path.join(dir, CONFIG_FILE);
  const text = readConfigText(dir, (f, err) => {
    throw new CommandError(`cannot read ${f}: ${err.message}`);
  });
  if (text === undefined) return { file, doc: undefined, catalogs: undefined };
  const json = parseJsonText(text);
  const fix = 'Fix or remove it, then run init again: hookshim does not overwrite a file it cannot read.';
  if (!json.ok) throw new CommandError(`${file}: not valid JSON ${json.error}. ${fix}`);
  if (!isRecord(json.value)) throw new CommandError(`${file}: expected a JSON object like {"catalogs": [...]}. ${fix}`);
  const listed = json.value.catalogs;
  if (listed !== undefined && !(Array.isArray(listed) && listed.every((e) => typeof e === 'string' && e !== ''))) {
    throw new CommandError(
      `${file}: "catalogs" must be a list of paths (plugin folders, hooks.json or settings files). ${fix}`,
    );
  }
  return { file, doc: json.value, catalogs: listed as string[] | undefined };
}

/** The new text of .cursor/hookshim.json with `catalogs` = `list` (other keys as they were), or undefined when unchanged. */
export function recordCatalogs(config: ConfigDoc, list: readonly string[]): string | undefined {
  if (config.catalogs !== undefined && JSON.stringify(config.catalogs) === JSON.stringify(list)) return undefined;
  const doc: Record<string, unknown> = {};
  const old = config.doc ?? {};
  // A new key goes after "$schema", else first; an existing one keeps its place.
  if ('$schema' in old && !('catalogs' in old)) doc.$schema = old.$schema;
  if (!('catalogs' in old)) doc.catalogs = list;
  for (const [k, v] of Object.entries(old)) doc[k] = k === 'catalogs' ? list : v;
  return `${JSON.stringify(doc, null, 2)}\n`;
}
