// .cursor/hookshim.json read without zod, for the hook path: a well-formed config of the keys below becomes the config
// at once. Anything else (an unknown key, a wrong type, text that is not JSON) returns undefined and the full parser
// (src/project/config.ts) decides, so both always agree (test/src/project/configFast.test.ts).
import { parseJsonOr } from '../../catalog/json.ts';
import { isRecord } from '../../catalog/types.ts';
import type { HookshimConfig } from './config.ts';

const TOP: ReadonlySet<string> = new Set([
  '$schema',
  'catalogs',
  'resultGated',
  'promptContext',
  'transcripts',
  'unsupported',
  'check',
]);
const CHECK: ReadonlySet<string> = new Set(['readmeRows', 'tests', 'readme', 'testDir']);

/** The config, or undefined when the full parser must look at it. */
export function readConfigFast(text: string): HookshimConfig | undefined {
  const doc = parseJsonOr(text);
  if (!isRecord(doc) || !only(doc, TOP)) return undefined;
  if (
    !optional(doc.$schema, isString) ||
    !optional(doc.catalogs, (v) => strings(v, 1)) ||
    !optional(doc.resultGated, (v) => strings(v, 0))
  )
    return undefined;
  if (
    !optional(doc.promptContext, (v) => v === 'postToolUse' || v === 'beforeSubmitPrompt') ||
    !optional(doc.transcripts, isBool) ||
    !optional(doc.unsupported, (v) => v === 'deny' || v === 'skip')
  )
    return undefined;
  const check = doc.check;
  if (check !== undefined) {
    if (!isRecord(check) || !only(check, CHECK)) return undefined;
    if (
      !optional(check.readmeRows, isBool) ||
      !optional(check.tests, isBool) ||
      !optional(check.readme, isString) ||
      !optional(check.testDir, isString)
    )
      return undefined;
  }
  return doc as HookshimConfig;
}

function only(o: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  for (const k in o) if (!keys.has(k)) return false;
  return true;
}
const isString = (v: unknown) => typeof v === 'string';
const isBool = (v: unknown) => typeof v === 'boolean';
const optional = (v: unknown, ok: (v: unknown) => boolean) => v === undefined || ok(v);
const strings = (v: unknown, minLength: number) =>
  Array.isArray(v) && v.every((s) => typeof s === 'string' && s.length >= minLength);
