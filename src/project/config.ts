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
    }),
  ),
});

export type HookshimConfig = z.infer<typeof ConfigSchema>;

/** Parse the config text; on any problem, say what and fall back to defaults. Unknown keys are dropped (`hookshim check` reports them). */
export function parseConfig(text: string): { config: HookshimConfig; error?: string } {
  const json = parseJsonText(text);
  if (!json.ok) return { config: {}, error: `not JSON (${json.error})` };
  const parsed = ConfigSchema.safeParse(json.value);
  if (!parsed.success) return { config: {}, error: z.prettifyError(parsed.error).replace(/\n/g, ' ') };
  return { config: parsed.data };
}
