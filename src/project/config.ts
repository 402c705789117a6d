// hookshim's own config (.cursor/hookshim.json): kept apart from hooks/hooks.json, which stays valid for Claude Code.
// The published JSON Schema, catalog/schema/hookshim-config.schema.json, describes the same shape; test/src/project/config.test.ts
// fails when the two drift (structure and the generated catalog/generated/hookshimConfig.ts type).
import * as z from 'zod/mini';
import { parseJsonText } from '../../catalog/json.ts';

/** Where the config lives, relative to the project root. */
export const CONFIG_FILE = '.cursor/hookshim.json';

export const ConfigSchema = z.object({
  $schema: z.optional(z.string()),
  /**
   * The Claude catalogs hookshim runs, relative to the project root: plugin folders, `hooks.json` files, settings
   * files. Written by `hookshim init`.
   */
  catalogs: z.optional(z.array(z.string().check(z.minLength(1)))),
  /**
   * Catalog rows that cannot work without recorded tool results: run only when results are available. Match by
   * locator or command substring.
   */
  resultGated: z.optional(z.array(z.string())),
  /**
   * Where UserPromptSubmit context goes: by Cursor version (auto, the default), the first postToolUse after the
   * prompt, or beforeSubmitPrompt's additional_context.
   */
  promptContext: z.optional(z.enum(['auto', 'postToolUse', 'beforeSubmitPrompt'])),
  /** loop_limit init writes for stop and subagentStop: a whole number, or null for no cap; default 8, Claude Code's cap. */
  loopLimit: z.optional(z.nullable(z.int().check(z.minimum(0)))),
  /** Whether catalog rows read the transcript: tool results are recorded and transcripts copied only then. Default: detected. */
  transcripts: z.optional(z.boolean()),
  /**
   * What a row hookshim cannot run (prompt, agent, mcp_tool, a hooks module) does on a permission event: deny the
   * call (default) or skip the row.
   */
  unsupported: z.optional(z.enum(['deny', 'skip'])),
  /** `hookshim check` conventions for this repo. */
  check: z.optional(
    z.object({
      readmeRows: z.optional(z.boolean()),
      tests: z.optional(z.boolean()),
      /** Default README.md. */
      readme: z.optional(z.string()),
      /** Default test/hooks. */
      testDir: z.optional(z.string()),
      /**
       * Claude settings files whose double binding is known and handled (the other hosts' loaders are off, or each
       * script skips input that is not Claude's): their double-binding findings become info notes.
       */
      knownDoubleBinding: z.optional(z.array(z.string().check(z.minLength(1)))),
    }),
  ),
});

export type HookshimConfig = z.infer<typeof ConfigSchema>;

/** The keys of `check`'s object, for unknownKeys. */
const CHECK_SHAPE = (ConfigSchema.shape.check as unknown as { def: { innerType: { shape: object } } }).def.innerType
  .shape;

/** Parse the config text; any problem (not JSON, a wrong type, an unknown key) is an error naming its line. */
export function parseConfig(text: string): { config: HookshimConfig; error?: string; line?: number } {
  const json = parseJsonText(text);
  if (!json.ok) return { config: {}, error: `not JSON (${json.error.replace(/\n/g, ' ')})`, line: json.line };
  const parsed = ConfigSchema.safeParse(json.value);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    const line = typeof key === 'string' ? lineOfKey(text, key) : 1;
    return { config: {}, error: `at line ${line}: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}`, line };
  }
  const [unknown] = unknownKeys(json.value as Record<string, unknown>);
  if (unknown !== undefined) {
    const nested = unknown.startsWith('check.');
    const line = lineOfKey(text, nested ? unknown.slice('check.'.length) : unknown);
    const known = Object.keys(nested ? CHECK_SHAPE : ConfigSchema.shape).join(', ');
    return { config: {}, error: `at line ${line}: unknown key "${unknown}" (known: ${known})`, line };
  }
  return { config: parsed.data };
}

/** Keys the schema does not know (`check.` keys prefixed): a typo such as "catalog" would drop the catalogs unseen. */
export function unknownKeys(doc: Record<string, unknown>): string[] {
  const out = Object.keys(doc).filter((k) => !Object.hasOwn(ConfigSchema.shape, k));
  const check = doc.check;
  if (typeof check === 'object' && check !== null)
    out.push(
      ...Object.keys(check)
        .filter((k) => !Object.hasOwn(CHECK_SHAPE, k))
        .map((k) => `check.${k}`),
    );
  return out;
}

/** The 1-based line where `"key"` first appears as a key, else 1. */
function lineOfKey(text: string, key: string): number {
  const at = text.search(new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s{0,}:`));
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/**
 * The catalogs a config that does not parse still names: the strings of its `"catalogs"` list (or a lone string, or
 * under the typo `"catalog"`), read leniently, so that a broken config keeps what `init` recorded.
 */
export function salvageCatalogs(text: string): string[] | undefined {
  const value = /"catalogs?"\s{0,}:\s{0,}(\[[^\]]*|"(?:[^"\\\n]|\\.)+")/.exec(text)?.[1];
  if (value === undefined) return undefined;
  const out: string[] = [];
  for (const m of value.matchAll(/"((?:[^"\\\n]|\\.)+)"/g)) {
    try {
      out.push(JSON.parse(`"${m[1]}"`) as string);
    } catch {
      /* a string JSON cannot read is not a path init wrote */
    }
  }
  return out.length > 0 ? out : undefined;
}
