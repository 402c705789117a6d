// A plugin's manifest, `.claude-plugin/plugin.json`: its `hooks` (a path, a list of paths, or an inline hooks object)
// add to `hooks/hooks.json`, and run the same way (docs/claude-hooks.md §9, Other hook sources).
import fs from 'node:fs';
import path from 'node:path';
import { parseJsonOr } from '../../catalog/json.ts';
import type { CatalogSource } from '../../catalog/sources.ts';
import { isRecord } from '../../catalog/types.ts';
import { readRegularFile } from './paths.ts';

/** Where a plugin's manifest lives, under its folder. */
export const MANIFEST = path.join('.claude-plugin', 'plugin.json');

/** The `hooks` of a plugin's manifest, if it has any (an unreadable manifest has none: Claude rejects it too). */
export function manifestHooks(root: string): unknown {
  return manifestOf(root)?.hooks;
}

/** A plugin's manifest as an object, when it has a readable one. */
function manifestOf(root: string): Record<string, unknown> | undefined {
  try {
    const doc = parseJsonOr(readRegularFile(path.join(root, MANIFEST)));
    return isRecord(doc) ? doc : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Each plugin catalog followed by the catalogs its manifest adds: files it names (relative to the plugin folder; the
 * `hooks/hooks.json` already listed is not read twice) or its inline hooks. A plugin whose hooks all live in its
 * manifest needs no `hooks/hooks.json`.
 */
export function withManifests(sources: readonly CatalogSource[]): CatalogSource[] {
  const out: CatalogSource[] = [];
  for (const source of sources) {
    const doc = source.kind === 'plugin' && source.root !== undefined ? manifestOf(source.root) : undefined;
    // A plugin with a manifest is named by it, as Claude Code names it to the model (docs/claude-hooks.md §8).
    const name = typeof doc?.name === 'string' && doc.name.trim() ? doc.name.trim() : undefined;
    const s = name !== undefined ? { ...source, plugin: name } : source;
    const hooks = doc?.hooks;
    if (hooks === undefined || s.root === undefined) {
      out.push(s);
      continue;
    }
    const root = s.root;
    const manifest = path.join(root, MANIFEST);
    const shown = (file: string) =>
      path
        .join(path.dirname(s.shown), path.relative(path.dirname(s.file), file))
        .split(path.sep)
        .join('/');
    if (fs.existsSync(s.file)) out.push(s);
    if (isRecord(hooks)) {
      out.push({
        ...s,
        entry: `${s.entry} (plugin.json)`,
        file: manifest,
        inline: true,
        shown: `${shown(manifest)} hooks`,
      });
      continue;
    }
    for (const p of (Array.isArray(hooks) ? hooks : [hooks]).filter((h): h is string => typeof h === 'string')) {
      const file = path.resolve(root, p);
      if (file === s.file || out.some((o) => o.file === file)) continue;
      out.push({ ...s, entry: `${s.entry} (plugin.json)`, file, shown: shown(file) });
    }
  }
  return out;
}

/** A catalog's text as the parsers read it: the file, or for a manifest's inline hooks a hooks file made of them. */
export function sourceText(source: CatalogSource): string {
  const text = readRegularFile(source.file);
  if (!source.inline) return text;
  const doc = parseJsonOr(text);
  const hooks = isRecord(doc) ? doc.hooks : undefined;
  // Inline hooks are written as a hooks file ({"hooks": {...}}) or as its events map; both are read (UNCONFIRMED, docs/claude-hooks.md §9).
  return JSON.stringify(isRecord(hooks) && isRecord(hooks.hooks) ? hooks : { hooks });
}
