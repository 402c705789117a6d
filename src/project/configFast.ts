// .cursor/hookshim.json read without zod, for the hook path: a well-formed config of the keys below becomes the config
// at once. Anything else (an unknown key, a wrong type, text that is not JSON) returns undefined and the full parser
// (src/project/config.ts) decides, so both always agree (test/src/project/configFast.test.ts).
import { parseJsonOr } from '../../catalog/json.ts';
import { isRecord } from '../../catalog/types.ts';
import type { HookshimConfig } from './config.ts';

type Valid = (v: unknown) => boolean;
const isString: Valid = (v) => typeof v === 'string';
const isBool: Valid = (v) => typeof v === 'boolean';
const strings =
  (minLength: number): Valid =>
  (v) =>
    Array.isArray(v) && v.every((s) => typeof s === 'string' && s.length >= minLength);
const oneOf =
  (...values: readonly unknown[]): Valid =>
  (v) =>
    values.includes(v);

type Config = Required<HookshimConfig>;

/** `check`'s keys: one per key of the zod schema's (the type is z.infer of it: a key added there fails to compile here). */
const CHECK = {
  readmeRows: isBool,
  tests: isBool,
  readme: isString,
  testDir: isString,
  knownDoubleBinding: strings(1),
} as const satisfies Record<keyof Required<Config['check']>, Valid>;

/** The top keys, the same way derived from ConfigSchema (src/project/config.ts); `check` is read below. */
const TOP = {
  $schema: isString,
  catalogs: strings(1),
  resultGated: strings(0),
  promptContext: oneOf('auto', 'postToolUse', 'beforeSubmitPrompt'),
  loopLimit: (v) => v === null || (Number.isInteger(v) && (v as number) >= 0),
  transcripts: isBool,
  unsupported: oneOf('deny', 'skip'),
  check: (v) => isRecord(v) && fits(v, CHECK),
} as const satisfies Record<keyof Config, Valid>;

/** The config, or undefined when the full parser must look at it. */
export function readConfigFast(text: string): HookshimConfig | undefined {
  const doc = parseJsonOr(text);
  return isRecord(doc) && fits(doc, TOP) ? (doc as HookshimConfig) : undefined;
}

/** Every key of `o` is one of `fields`, and its value is valid (undefined never is: JSON has none). */
function fits(o: Record<string, unknown>, fields: Readonly<Record<string, Valid>>): boolean {
  for (const k in o) if (!Object.hasOwn(fields, k) || !(fields[k] as Valid)(o[k])) return false;
  return true;
}
