// Copilot's tools (docs/copilot-hooks.md §5): each as the tool of the shared vocabulary the adapters read (Cursor's
// names, docs/design.md §10), with its argument keys renamed both ways. A tool not listed keeps its own name and
// keys: only a row whose matcher names it, or matches every tool, sees it.
import { isRecord } from '../../../catalog/types.ts';

/** One Copilot tool: the shared tool it is, and its keys (Copilot's → the shared spelling). */
export interface CopilotTool {
  readonly as: string;
  readonly keys?: Readonly<Record<string, string>>;
}

/** Copilot CLI 1.0.102's tools, measured (docs/copilot-hooks.md §5); `powershell`, `apply_patch`, `web_fetch` from its reference. */
export const COPILOT_TOOLS: Readonly<Record<string, CopilotTool>> = {
  bash: { as: 'Shell' },
  powershell: { as: 'Shell' },
  view: { as: 'Read' },
  create: { as: 'Write', keys: { file_text: 'contents' } },
  edit: { as: 'StrReplace', keys: { old_str: 'old_string', new_str: 'new_string' } },
  glob: { as: 'Glob' },
  grep: { as: 'Grep' },
  task: { as: 'Task', keys: { agent_type: 'subagent_type' } },
  web_fetch: { as: 'WebFetch' },
  apply_patch: { as: 'ApplyPatch' },
};

/** Copilot's tools hookshim never starts for: they act on nothing a Claude tool guards (docs/copilot-hooks.md §5). */
export const COPILOT_QUIET_TOOLS: readonly string[] = [
  'read_bash',
  'stop_bash',
  'list_bash',
  'fetch_copilot_cli_documentation',
  'report_intent',
  'read_agent',
  'list_agents',
];

/** A Copilot call as the shared tool: its name and input (`toolArgs` may also arrive as a JSON string). */
export function sharedToolCall(name: string, args: unknown): { name: string; input: unknown } {
  const tool = COPILOT_TOOLS[name];
  let input: unknown = args;
  if (typeof args === 'string') {
    try {
      input = JSON.parse(args);
    } catch {
      input = args;
    }
  }
  if (!tool) return { name, input };
  if (!tool.keys || !isRecord(input)) return { name: tool.as, input };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) out[tool.keys[k] ?? k] = v;
  return { name: tool.as, input: out };
}
