// Interpret one Claude script run with Claude Code's exit-code and JSON rules (claude-hooks.md §3).
import type { Json, RunResult, Verdict } from './types.ts';

/** Turn a raw run into a verdict: failure, block, decision, context, warnings. */
export function interpret(run: RunResult): Verdict {
  const v: Verdict = { label: run.label, claudeEvent: run.claudeEvent, context: [] };
  if (run.background) return v;
  if (run.missing !== undefined) {
    v.failure = { kind: 'missing', detail: `missing: ${run.missing} does not exist` };
    return v;
  }
  if (run.startError !== undefined) {
    v.failure = { kind: 'cannot-start', detail: `could not start: ${run.startError}` };
    return v;
  }
  if (run.timedOut) {
    v.failure = { kind: 'timeout', detail: `timeout: no answer within ${formatSeconds(run.timeoutSeconds)}` };
    return v;
  }
  const stderr = run.stderr.trim();
  // POSIX shells exit 126 when the file is not executable and 127 when the command is not found.
  if (run.exitCode === 126) {
    v.failure = { kind: 'cannot-start', detail: `cannot start (exit 126, not executable)${firstLine(stderr, ': ')}` };
    return v;
  }
  if (run.exitCode === 127) {
    v.failure = { kind: 'missing', detail: `missing (exit 127, command not found)${firstLine(stderr, ': ')}` };
    return v;
  }

  const parsed = parseStdout(run.stdout);
  if (parsed.kind === 'invalid' && run.truncated) {
    // The answer was cut at the capture cap: whatever it decided cannot be read, so it counts as a failure (DESIGN §6).
    v.failure = { kind: 'unreadable', detail: 'answered with JSON larger than the 1 MiB capture cap: its decision cannot be read' };
    return v;
  }
  if (parsed.kind === 'invalid') v.error = `stdout starts with "{" but is not valid JSON (${parsed.error})`;
  if (parsed.kind === 'json') readJson(v, parsed.json);
  const plain = parsed.kind === 'text' ? parsed.text : undefined;

  if (run.exitCode === 2) {
    // Exit 2 blocks even if JSON says allow; the message is the JSON reason, else stderr (claude-hooks.md §3.1).
    v.blockKind = 'exit2';
    v.block = firstText(v.json && jsonReason(v.json), stderr, plain, v.systemMessage) ?? `${run.label} exited 2 without a reason`;
    return v;
  }
  if (run.exitCode === 0) {
    if (plain) v.plainText = plain;
  } else if (run.exitCode === null) {
    v.error = `killed by ${run.signal ?? 'a signal'}${firstLine(stderr, ': ')}`;
  } else if (!v.json) {
    v.error = `exit ${run.exitCode} (non-blocking error)${firstLine(stderr, ': ')}`;
  }
  if (run.truncated) v.error = [v.error, 'output exceeded the capture cap and was cut'].filter(Boolean).join('; ');
  return v;
}

/** Read Claude's JSON fields, flat and nested, plus Cursor-style spellings a script may have used. */
function readJson(v: Verdict, json: Json): void {
  v.json = json;
  const hso = isObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const contexts = [hso.additionalContext, json.additionalContext, json.additional_context];
  for (const c of contexts) if (typeof c === 'string' && c.trim()) v.context.push(c.trim());
  if (typeof json.systemMessage === 'string' && json.systemMessage.trim()) v.systemMessage = json.systemMessage.trim();
  if (isObject(hso.updatedInput)) v.updatedInput = hso.updatedInput;
  else if (isObject(json.updated_input)) v.updatedInput = json.updated_input;
  if (json.continue === false) v.stop = firstText(str(json.stopReason), v.systemMessage) ?? '';

  const decision = permissionDecision(v.claudeEvent, json, hso);
  if (decision) v.decision = decision;
  const reason = jsonReason(json);
  if (decision === 'deny') {
    v.blockKind = 'deny';
    v.block = firstText(reason, v.systemMessage) ?? `${v.label} denied it without giving a reason`;
  } else if (decision === 'allow' || decision === 'ask' || decision === 'defer') {
    if (reason) v.decisionReason = reason;
  } else if (json.decision === 'block' || hso.decision === 'block') {
    v.blockKind = 'decision';
    v.block = firstText(reason, v.systemMessage) ?? `${v.label} blocked without giving a reason`;
  }
}

/** PreToolUse permission: hookSpecificOutput.permissionDecision, legacy decision approve/block, Cursor's permission. */
function permissionDecision(event: string, json: Json, hso: Json): Verdict['decision'] {
  const pd = hso.permissionDecision ?? json.permissionDecision;
  if (pd === 'allow' || pd === 'deny' || pd === 'ask' || pd === 'defer') return pd;
  if (event !== 'PreToolUse') return undefined;
  // Deprecated top-level decision on PreToolUse: approve → allow, block → deny (claude-hooks.md §3.4).
  if (json.decision === 'approve') return 'allow';
  if (json.decision === 'block') return 'deny';
  const p = json.permission;
  if (p === 'allow' || p === 'deny' || p === 'ask') return p;
  return undefined;
}

/** The reason a JSON answer gives, in Claude's precedence. */
function jsonReason(json: Json): string | undefined {
  const hso = isObject(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  return firstText(str(hso.permissionDecisionReason), str(json.reason), str(hso.reason), str(json.user_message), str(json.agent_message));
}

type Parsed = { kind: 'json'; json: Json } | { kind: 'text'; text: string } | { kind: 'invalid'; error: string } | { kind: 'empty' };

/** Stdout is JSON only when it starts with `{` (after whitespace); anything else is plain text. */
export function parseStdout(stdout: string): Parsed {
  const text = stdout.trim();
  if (!text) return { kind: 'empty' };
  if (!text.startsWith('{')) return { kind: 'text', text };
  try {
    const json: unknown = JSON.parse(text);
    if (isObject(json)) return { kind: 'json', json };
    return { kind: 'invalid', error: 'not an object' };
  } catch (err) {
    return { kind: 'invalid', error: (err as Error).message };
  }
}

function firstText(...values: (string | undefined)[]): string | undefined {
  for (const v of values) if (v !== undefined && v.trim() !== '') return v.trim();
  return undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function firstLine(text: string, prefix: string): string {
  const line = text.split('\n').find((l) => l.trim());
  return line ? `${prefix}${line.trim().slice(0, 300)}` : '';
}

/** "5s", "1.5s", "250ms". */
export function formatSeconds(s: number): string {
  if (s < 1) return `${Math.round(s * 1000)}ms`;
  return `${Number.isInteger(s) ? s : s.toFixed(1)}s`;
}
