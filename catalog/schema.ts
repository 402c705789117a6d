// zod/mini schemas of a plugin `hooks/hooks.json` (https://code.claude.com/docs/en/plugins-reference#hooks).
// The file is validated piece by piece (see load.ts): a bad handler costs that handler, not the catalog.
// A namespace import lets esbuild drop the parts of zod we do not use (locales, JSON Schema): ~27 KB instead of ~430 KB.
import * as z from 'zod/mini';

/** Handler `type` values Claude Code defines (hooks doc, "Hook handler fields"). */
export const HANDLER_TYPES = ['command', 'http', 'mcp_tool', 'prompt', 'agent'] as const;

/** Every handler field Claude Code defines, for any handler type (docs/claude-hooks.md §1.2). */
export const CLAUDE_HANDLER_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'command',
  'args',
  'shell',
  'async',
  'asyncRewake',
  'timeout',
  'if',
  'statusMessage',
  'once',
  'onFailure',
  'url',
  'headers',
  'allowedEnvVars',
  'server',
  'tool',
  'input',
  'prompt',
  'model',
  'continueOnBlock',
]);

/** The file's outer shape; anything wrong here makes the whole file unreadable. Unknown keys are allowed. */
export const hooksFileSchema = z.looseObject(
  {
    hooks: z.record(z.string(), z.unknown(), {
      error: (issue) =>
        issue.input === undefined
          ? 'missing "hooks": expected an object keyed by event name, e.g. {"PreToolUse": [...]}'
          : 'expected "hooks" to be an object keyed by event name, e.g. {"PreToolUse": [...]}',
    }),
  },
  { error: 'expected a JSON object with a "hooks" key' },
);

/** Optional top-level `description`. */
export const descriptionSchema = z.optional(z.string());

/** One matcher group: `{matcher?, hooks: [...]}`; unknown keys allowed. */
export const matcherGroupSchema = z.looseObject({
  matcher: z.optional(z.string()),
  hooks: z.array(z.unknown()),
});

/** Per-handler `timeout`: seconds, greater than 0 (hooks doc, "Common fields"). */
export const timeoutSchema = z.optional(z.number().check(z.positive()));

/** A `type: "command"` handler, field by field (hooks doc, "Command hook fields"). */
export const commandHandlerSchema = z.object({
  type: z.literal('command'),
  command: z.string().check(z.minLength(1)),
  timeout: timeoutSchema,
  async: z.optional(z.boolean()),
  asyncRewake: z.optional(z.boolean()),
  shell: z.optional(z.enum(['bash', 'powershell'])),
  if: z.optional(z.string()),
  statusMessage: z.optional(z.string()),
  args: z.optional(z.array(z.string())),
});

export type CommandHandler = z.output<typeof commandHandlerSchema>;
