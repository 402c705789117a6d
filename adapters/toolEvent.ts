// The shared half of the tool events (preToolUse, postToolUse, postToolUseFailure): which tool, which Claude
// names to try, and the tool fields of the Claude payload (docs/design.md §4).
import { parsePatch, patchText } from './applyPatch.ts';
import type { ClaudeEvent } from './eventMap.ts';
import { num, str, toolUseId } from './json.ts';
import { basePayload } from './payload.ts';
import {
  absolutePath,
  aliasConflicts,
  claudeToolCandidates,
  CLAUDE_INPUT_KEYS,
  inferCursorToolName,
  parseToolInput,
  toClaudeToolInput,
} from './tools.ts';
import type { EventContext, EventPlan, Json, LateFacts } from './types.ts';

/** One Claude-side view of a tool call: a Cursor call usually has one; an ApplyPatch has one per file it touches. */
export interface ToolView {
  cursorName: string;
  input: Record<string, unknown>;
  candidates: string[];
}

export type Tool = ReturnType<typeof toolOf>;

/** A tool event's plan: its tool view rides along, so fold reads the view plan computed (toolOf runs once per event). */
export interface ToolPlan extends EventPlan {
  tool: Tool;
}

/** The tool of a tool event: Cursor name, parsed input, Claude candidates, its views, and what is wrong with its input. */
export function toolOf(ctx: EventContext): ToolView & { notes: string[]; views: ToolView[]; problem?: string } {
  const notes: string[] = [];
  const raw = ctx.input.tool_input;
  let cursorName = str(ctx.input.tool_name);
  const parsed = parseToolInput(raw);
  if (!cursorName) {
    cursorName = inferCursorToolName(parsed.input) ?? 'Unknown';
    notes.push(`payload has no tool_name; inferred "${cursorName}" from tool_input keys`);
  }
  if (cursorName === 'ApplyPatch') return applyPatchViews(raw, parsed.input, notes);
  if (parsed.problem) notes.push(`tool_input: ${parsed.problem}`);
  // A Shell input that arrives as a bare command string still has to reach Bash guards: it is the command.
  const input =
    parsed.problem && typeof raw === 'string' && raw.trim() && cursorName === 'Shell' ? { command: raw } : parsed.input;
  if (input !== parsed.input) notes.push('the Shell tool_input string is used as the command');
  const candidates = claudeToolCandidates(cursorName, input, ctx.input, ctx.mcpServers);
  const view = { cursorName, input, candidates };
  const problem = input === parsed.input ? parsed.problem : undefined;
  return { ...view, notes, views: [view], ...(problem ? { problem } : {}) };
}

/**
 * Why a call's input cannot be guarded, or undefined: a tool whose guards read named input keys (adapters/tools.ts
 * CLAUDE_INPUT_KEYS) with its tool_input missing or unreadable, or a Shell call with no command. A guard would see an
 * empty input and allow what the tool then runs (docs/security.md, guarantee 7).
 */
export function unguardableInput(tool: Tool): string | undefined {
  if (!Object.hasOwn(CLAUDE_INPUT_KEYS, tool.candidates[0] ?? '')) return undefined;
  if (tool.problem) return `its tool_input is ${tool.problem}`;
  if (tool.cursorName === 'Shell' && !(typeof tool.input.command === 'string' && tool.input.command.trim()))
    return 'it has no command';
  return undefined;
}

/** The Claude names an ApplyPatch's views are offered as: an added file, an updated one, anything else. */
export const PATCH_VIEWS = {
  add: ['Write', 'ApplyPatch'],
  update: ['Edit', 'ApplyPatch'],
  other: ['ApplyPatch'],
} as const;

/**
 * Every Claude name a call of this Cursor tool can be offered as, whatever its input: what a Cursor matcher must let
 * through (adapters/cursorMatcher.ts). An ApplyPatch can be any of its views; every other tool has one view.
 */
export function possibleCandidates(cursorName: string): string[] {
  if (cursorName === 'ApplyPatch') return [...new Set(Object.values(PATCH_VIEWS).flat())];
  return claudeToolCandidates(cursorName, {});
}

/** An ApplyPatch is offered to Write rows once per added file and to Edit rows once per updated file. */
function applyPatchViews(
  raw: unknown,
  parsed: Record<string, unknown>,
  notes: string[],
): ToolView & { notes: string[]; views: ToolView[] } {
  const text = patchText(raw) ?? patchText(parsed);
  const files = text ? parsePatch(text) : [];
  const views: ToolView[] = [];
  for (const f of files) {
    if (f.op === 'add')
      views.push({
        cursorName: 'ApplyPatch',
        input: { file_path: f.file_path, content: f.content },
        candidates: [...PATCH_VIEWS.add],
      });
    else if (f.op === 'update')
      views.push({
        cursorName: 'ApplyPatch',
        input: { file_path: f.move_to ?? f.file_path, old_string: f.old_string, new_string: f.new_string },
        candidates: [...PATCH_VIEWS.update],
      });
    else
      views.push({ cursorName: 'ApplyPatch', input: { file_path: f.file_path }, candidates: [...PATCH_VIEWS.other] });
  }
  if (files.length)
    notes.push(`ApplyPatch touches ${files.length} file(s): each is offered to Write/Edit rows as its own tool call`);
  else notes.push('ApplyPatch tool_input holds no patch hookshim can read; only ApplyPatch rows see it');
  const first = views[0] ?? { cursorName: 'ApplyPatch', input: parsed, candidates: ['ApplyPatch'] };
  return { ...first, notes, views: views.length ? views : [first] };
}

/** Tool fields of a Claude tool-event payload for the candidate a row matched. */
export function toolPayload(ctx: EventContext, tool: ToolView, matched: string | undefined): Json {
  const name = matched ?? tool.candidates[0] ?? tool.cursorName;
  const input = toClaudeToolInput(name, tool.input, ctx.projectDir);
  // Claude Code fills in an Edit's replace_all when the model left it out (docs/claude-hooks.md §8, §10 Edit `replace_all`).
  if (name === 'Edit' && input.replace_all === undefined) input.replace_all = false;
  const payload: Json = { tool_name: name, tool_input: input };
  const id = toolUseId(ctx.input);
  if (id) payload.tool_use_id = id;
  return payload;
}

/**
 * Claude's `cwd` follows the shell (docs/claude-hooks.md §2.1): a Shell call's own working directory, when Cursor fills
 * its `cwd` (captures show `""`, docs/cursor-hooks.md §6; whether Cursor ever fills it is UNCONFIRMED).
 */
function shellCwd(ctx: EventContext, view: ToolView): { cwd?: string } {
  if (!view.candidates.includes('Bash')) return {};
  const dir = str(view.input.cwd) ?? str(view.input.working_directory);
  return dir ? { cwd: absolutePath(dir, ctx.projectDir) } : {};
}

/** The plan of a tool event: one invocation per view, whose matcher values are its Claude name candidates. */
export function toolPlan(
  ctx: EventContext,
  claudeEvent: ClaudeEvent,
  extra: (
    tool: ToolView,
    claudeName: string,
    claudeInput: Record<string, unknown>,
    late: LateFacts,
  ) => Json = () => ({}),
  tool: Tool = toolOf(ctx),
): ToolPlan {
  const conflicts = conflictsIn(tool);
  const notes = conflicts.length
    ? [...tool.notes, `tool_input ${conflicts.join('; ')}: the spellings disagree`]
    : tool.notes;
  const duration = num(ctx.input.duration);
  return {
    tool,
    notes,
    invocations: tool.views.map((view) => ({
      claudeEvent,
      subject: {
        values: view.candidates,
        toolInput: toolPayload(ctx, view, undefined).tool_input as Record<string, unknown>,
        projectDir: ctx.projectDir,
      },
      payload: (matched: string | undefined, late: LateFacts) => {
        const fields = toolPayload(ctx, view, matched);
        return {
          ...basePayload(ctx, claudeEvent, late),
          ...shellCwd(ctx, view),
          ...fields,
          ...extra(view, String(fields.tool_name), fields.tool_input as Record<string, unknown>, late),
          ...(duration !== undefined && claudeEvent !== 'PreToolUse' ? { duration_ms: Math.round(duration) } : {}),
        };
      },
    })),
  };
}

/** The files a tool call writes, as absolute paths (Write, Edit, NotebookEdit, and each file of an ApplyPatch). */
export function writtenFiles(ctx: EventContext): string[] {
  const out: string[] = [];
  for (const view of toolOf(ctx).views) {
    const name = view.candidates[0] ?? '';
    if (name !== 'Write' && name !== 'Edit' && name !== 'NotebookEdit') continue;
    const input = toClaudeToolInput(name, view.input, ctx.projectDir);
    const file = input.file_path ?? input.notebook_path;
    if (typeof file === 'string') out.push(file);
  }
  return out;
}

/** The files an Edit or Write call (or an ApplyPatch's Edit and Write views) wrote: where Claude looks for a formatter's change. */
export function editedFiles(tool: Pick<Tool, 'views'>, projectDir: string): string[] {
  return tool.views
    .filter((v) => v.candidates[0] === 'Edit' || v.candidates[0] === 'Write')
    .map((v) => toClaudeToolInput(v.candidates[0] as string, v.input, projectDir).file_path)
    .filter((f): f is string => typeof f === 'string');
}

/** Disagreeing spellings of a guarded input key in any view of the call (docs/cursor-hooks.md §6: both spellings occur). */
export function conflictsIn(tool: Tool): string[] {
  return tool.views.flatMap((v) => aliasConflicts(v.candidates[0] ?? v.cursorName, v.input));
}
