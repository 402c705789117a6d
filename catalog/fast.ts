// A catalog read without zod, for the hook path: the common, well-formed catalog becomes rows in a fraction of a
// millisecond. Anything the full parser (catalog/load.ts) would warn about, or anything this reader does not know,
// makes it give up and return undefined, so the full parser decides: both always agree (test/catalog/fast.test.ts).
import { KNOWN_EVENT_SET } from './events.ts';
import { parseJsonOr } from './json.ts';
import { isRecord as isObject, type Catalog, type CatalogRow } from './types.ts';

/** Handler keys this reader understands; any other key sends the catalog to the full parser. */
const HANDLER_KEYS: ReadonlySet<string> = new Set([
  'type',
  'command',
  'args',
  'timeout',
  'if',
  'async',
  'asyncRewake',
  'shell',
  'onFailure',
  'statusMessage',
]);
/** Of those, the keys a row does not act on: listed in its `extra`, as the full parser lists them. */
const EXTRA_KEYS: ReadonlySet<string> = new Set(['statusMessage']);
/** Top-level keys only the full parser reads. */
const FULL_PARSER_KEYS = ['modules', 'disableAllHooks', 'allowedHttpHookUrls', 'httpHookAllowedEnvVars'] as const;
const GROUP_KEYS: ReadonlySet<string> = new Set(['matcher', 'hooks']);

/** The rows of a well-formed catalog, or undefined when the full parser must look at it. */
export function readCatalogFast(text: string): Catalog | undefined {
  const doc = parseJsonOr(text);
  if (!isObject(doc) || !isObject(doc.hooks)) return undefined;
  // Mods and the settings switches that bear on hooks are read by the full parser (docs/claude-hooks.md §9).
  for (const key of FULL_PARSER_KEYS) if (doc[key] !== undefined) return undefined;
  if (doc.description !== undefined && typeof doc.description !== 'string') return undefined;
  const rows: CatalogRow[] = [];
  for (const [event, groups] of Object.entries(doc.hooks)) {
    if (!KNOWN_EVENT_SET.has(event) || !Array.isArray(groups)) return undefined;
    for (let gi = 0; gi < groups.length; gi++) {
      const group: unknown = groups[gi];
      if (!isObject(group) || !Array.isArray(group.hooks) || !onlyKeys(group, GROUP_KEYS)) return undefined;
      if (group.matcher !== undefined && typeof group.matcher !== 'string') return undefined;
      for (let hi = 0; hi < group.hooks.length; hi++) {
        const row = commandRow(
          group.hooks[hi],
          event,
          `${event}[${gi}].hooks[${hi}]`,
          group.matcher as string | undefined,
        );
        if (!row) return undefined;
        rows.push(row);
      }
    }
  }
  return { ...(typeof doc.description === 'string' ? { description: doc.description } : {}), rows, warnings: [] };
}

/** One well-formed command handler as a row; undefined for anything else. */
function commandRow(h: unknown, event: string, locator: string, matcher: string | undefined): CatalogRow | undefined {
  if (!isObject(h) || h.type !== 'command' || !onlyKeys(h, HANDLER_KEYS)) return undefined;
  if (typeof h.command !== 'string' || h.command === '') return undefined;
  if (h.if !== undefined && typeof h.if !== 'string') return undefined;
  if (h.timeout !== undefined && !(typeof h.timeout === 'number' && h.timeout > 0 && Number.isFinite(h.timeout)))
    return undefined;
  if (h.statusMessage !== undefined && typeof h.statusMessage !== 'string') return undefined;
  if (h.args !== undefined && !(Array.isArray(h.args) && h.args.every((a) => typeof a === 'string'))) return undefined;
  if (h.shell !== undefined && h.shell !== 'bash' && h.shell !== 'powershell') return undefined;
  if (
    (h.async !== undefined && typeof h.async !== 'boolean') ||
    (h.asyncRewake !== undefined && typeof h.asyncRewake !== 'boolean')
  )
    return undefined;
  if (h.onFailure !== undefined && h.onFailure !== 'block' && h.onFailure !== 'continue') return undefined;
  const row: CatalogRow = { event, locator, type: 'command', command: h.command };
  const extra = Object.keys(h).filter((k) => EXTRA_KEYS.has(k));
  if (extra.length) row.extra = extra;
  if (h.onFailure === 'block') row.onFailure = 'block';
  if (matcher !== undefined) row.matcher = matcher;
  if (h.if !== undefined) row.if = h.if;
  if (h.timeout !== undefined) row.timeout = h.timeout as number;
  if (h.args !== undefined) row.args = h.args as string[];
  else if (h.shell === 'bash' || h.shell === 'powershell') row.shell = h.shell;
  // asyncRewake "implies async" (hooks doc, "Hook handler fields"), as the full parser reads it.
  if (h.async === true || h.asyncRewake === true) row.async = true;
  else if (h.async === false) row.async = false;
  return row;
}

function onlyKeys(o: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const k in o) if (!allowed.has(k)) return false;
  return true;
}
