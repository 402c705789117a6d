// Interpret one Claude script run with Claude Code's exit-code and JSON rules (docs/claude-hooks.md §3), and say in
// words what it decided (the trace log and `hookshim explain` use the same words).
import { firstText, isRecord, str, type Json } from './json.ts';
import type { Failure, RunResult, Verdict, VerdictBase } from './types.ts';

/** Turn a raw run into a verdict: failed, blocked, stopped, or ok with its decision, context and warnings. */
export function interpret(run: RunResult): Verdict {
  const base: VerdictBase = {
    label: run.label,
    claudeEvent: run.claudeEvent,
    ...(run.plugin !== undefined ? { plugin: run.plugin } : {}),
    context: [],
  };
  if (run.background) return { ...base, kind: 'ok' };
  if (run.softFailure !== undefined)
    return run.onFailure === 'block'
      ? blockedOnFailure(base, run.softFailure)
      : { ...base, kind: 'ok', error: `${run.softFailure} (non-blocking error)` };
  const failure = failureOf(run);
  if (failure)
    return run.onFailure === 'block' ? blockedOnFailure(base, failure.detail) : { ...base, kind: 'failed', failure };

  const stderr = run.stderr.trim();
  const parsed = parseStdout(run.stdout);
  if (parsed.kind === 'invalid' && run.truncated) {
    // The answer was cut at the capture cap: whatever it decided cannot be read, so it counts as a failure (docs/design.md §6).
    const detail = 'answered with JSON larger than the 1 MiB capture cap: its decision cannot be read';
    return run.onFailure === 'block'
      ? blockedOnFailure(base, detail)
      : { ...base, kind: 'failed', failure: { kind: 'unreadable', detail } };
  }
  if (parsed.kind === 'invalid') base.error = `stdout starts with "{" but is not valid JSON (${parsed.error})`;
  const json = parsed.kind === 'json' ? readJson(base, parsed.json) : undefined;
  const plain = parsed.kind === 'text' ? parsed.text : undefined;

  if (run.exitCode === 2) {
    // Exit 2 blocks even if JSON says allow; the message is the reason of a JSON that itself blocks, else stderr
    // (docs/claude-hooks.md §3.1, §7): an allow's permissionDecisionReason printed beside exit 2 says nothing.
    const fromJson = json && blocks(base, json) ? jsonReason(json) : undefined;
    const given = firstText(fromJson, stderr, plain);
    const said = given !== undefined && fromJson === undefined ? pluginSuffix(given, run.plugin) : given;
    const reason = said ?? firstText(base.systemMessage) ?? `${run.label} exited 2 without a reason`;
    return { ...base, kind: 'blocked', how: 'exit2', reason, ...(given ? {} : { unexplained: true as const }) };
  }
  // onFailure "block": an unexpected exit or unreadable JSON blocks like exit 2 (docs/claude-hooks.md §1.2, §7).
  if (run.onFailure === 'block' && (run.exitCode !== 0 || parsed.kind === 'invalid')) {
    const what =
      run.exitCode === null
        ? `was killed by ${run.signal ?? 'a signal'}`
        : run.exitCode !== 0
          ? `exited ${run.exitCode}`
          : 'printed JSON that cannot be read';
    return blockedOnFailure(base, what, stderr);
  }
  if (run.exitCode === 0) {
    if (plain) base.plainText = plain;
  } else if (run.exitCode === null) {
    base.error = `killed by ${run.signal ?? 'a signal'}${firstLine(stderr, ': ')}`;
  } else if (!json) {
    base.error = `exit ${run.exitCode} (non-blocking error)${firstLine(stderr, ': ')}`;
  }
  if (run.truncated)
    base.error = [base.error, 'output exceeded the capture cap and was cut'].filter(Boolean).join('; ');
  return json ? jsonVerdict(base, json) : { ...base, kind: 'ok' };
}

/**
 * A plugin row's exit-2 message ends by naming its plugin, as Claude Code 2.1.328 ends it on PreToolUse, PostToolUse
 * and Stop (docs/claude-hooks.md §8, §10 Plugin suffix; Claude names it `<name>@<marketplace>`, hookshim by name).
 */
export function pluginSuffix(text: string, plugin: string | undefined): string {
  return plugin === undefined ? text : `${text}\n\nThis hook comes from the ${plugin} plugin.`;
}

/** A row with onFailure "block" that failed: blocked, with its stderr as the message when it said anything. */
function blockedOnFailure(base: VerdictBase, detail: string, stderr = ''): Verdict {
  const reason =
    firstText(stderr) ?? `hookshim: guard ${base.label} ${detail}; it sets onFailure "block", so this blocks`;
  return { ...base, kind: 'blocked', how: 'onFailure', reason, error: `${detail} (onFailure: "block")` };
}

/** True when a JSON answer itself blocks: a deny, or decision "block" (docs/claude-hooks.md §3.3, §3.4). */
function blocks(base: VerdictBase, json: Json): boolean {
  const hso = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  return base.decision === 'deny' || json.decision === 'block' || hso.decision === 'block';
}

/** Why a run produced no answer at all: not started, missing, timed out, not executable, not found. */
function failureOf(run: RunResult): Failure | undefined {
  if (run.missing !== undefined) return { kind: 'missing', detail: `missing: ${run.missing} does not exist` };
  // The script is there; the program it starts is not (docs/fail-matrix.md): said as that program, not as "missing".
  if (run.notFound !== undefined)
    return {
      kind: 'cannot-start',
      detail:
        `cannot start: ${run.notFound} is not installed or not on PATH ` +
        `(${run.startError ?? `exit 127${firstLine(run.stderr.trim(), ': ')}`})`,
    };
  if (run.startError !== undefined) return { kind: 'cannot-start', detail: `could not start: ${run.startError}` };
  if (run.timedOut)
    return { kind: 'timeout', detail: `timeout: no answer within ${formatSeconds(run.timeoutSeconds)}` };
  const stderr = run.stderr.trim();
  // POSIX shells exit 126 when the file is not executable and 127 when the command is not found.
  if (run.exitCode === 126)
    return { kind: 'cannot-start', detail: `cannot start (exit 126, not executable)${firstLine(stderr, ': ')}` };
  if (run.exitCode === 127)
    return { kind: 'missing', detail: `missing (exit 127, command not found)${firstLine(stderr, ': ')}` };
  return undefined;
}

/** Read Claude's JSON fields, flat and nested, plus Cursor-style spellings a script may have used, into `base`. */
function readJson(base: VerdictBase, json: Json): Json {
  base.json = json;
  const hso = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  for (const c of [hso.additionalContext, json.additionalContext, json.additional_context])
    if (typeof c === 'string' && c.trim()) base.context.push(escapeReminders(c.trim()));
  if (typeof json.systemMessage === 'string' && json.systemMessage.trim())
    base.systemMessage = json.systemMessage.trim();
  if (isRecord(hso.updatedInput)) base.updatedInput = hso.updatedInput;
  else if (isRecord(json.updated_input)) base.updatedInput = json.updated_input;
  const decision = permissionDecision(base.claudeEvent, json, hso);
  if (decision) base.decision = decision;
  if (decision === 'allow' || decision === 'ask' || decision === 'defer') {
    const reason = jsonReason(json);
    if (reason) base.decisionReason = reason;
  }
  return json;
}

/**
 * Claude Code escapes the `<` of both system-reminder tags in a hook's additionalContext, so that no hook forges a
 * system reminder; other tags pass unchanged (docs/claude-hooks.md §9, "Hook context escaping").
 */
export function escapeReminders(text: string): string {
  return text.replace(/<(\/?system-reminder)(?=[\s>])/g, '&lt;$1');
}

/** The verdict of a JSON answer that did not exit 2: a deny or decision:"block" blocks, continue:false stops. */
function jsonVerdict(base: VerdictBase, json: Json): Verdict {
  const hso = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const reason = jsonReason(json);
  if (base.decision === 'deny')
    return {
      ...base,
      kind: 'blocked',
      how: 'deny',
      reason: firstText(reason, base.systemMessage) ?? `${base.label} denied it without giving a reason`,
      ...(firstText(reason) ? {} : { unexplained: true as const }),
    };
  if (!base.decision && (json.decision === 'block' || hso.decision === 'block')) {
    return {
      ...base,
      kind: 'blocked',
      how: 'decision',
      reason: firstText(reason, base.systemMessage) ?? `${base.label} blocked without giving a reason`,
      ...(firstText(reason) ? {} : { unexplained: true as const }),
    };
  }
  if (json.continue === false)
    return { ...base, kind: 'stopped', reason: firstText(str(json.stopReason), base.systemMessage) ?? '' };
  return { ...base, kind: 'ok' };
}

/** PreToolUse permission: hookSpecificOutput.permissionDecision, legacy decision approve/block, Cursor's permission. */
function permissionDecision(event: string, json: Json, hso: Json): Verdict['decision'] {
  const pd = hso.permissionDecision ?? json.permissionDecision;
  if (pd === 'allow' || pd === 'deny' || pd === 'ask' || pd === 'defer') return pd;
  if (event !== 'PreToolUse') return undefined;
  // Deprecated top-level decision on PreToolUse: approve → allow, block → deny (docs/claude-hooks.md §3.4).
  if (json.decision === 'approve') return 'allow';
  if (json.decision === 'block') return 'deny';
  const p = json.permission;
  if (p === 'allow' || p === 'deny' || p === 'ask') return p;
  return undefined;
}

/** The reason a JSON answer gives, in Claude's precedence. */
function jsonReason(json: Json): string | undefined {
  const hso = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  return firstText(hso.permissionDecisionReason, json.reason, hso.reason, json.user_message, json.agent_message);
}

/** What a verdict decided, in words: one line for the trace log, the full account for `hookshim explain`. */
export function describeVerdict(v: Verdict, form: 'short' | 'full' = 'full'): string {
  const cut = (s: string) => (form === 'short' ? s.slice(0, 200) : oneLine(s));
  switch (v.kind) {
    case 'failed':
      return form === 'short' ? `failed: ${v.failure.detail}` : `fails (${v.failure.kind}): ${v.failure.detail}`;
    case 'blocked':
      if (form === 'short') return `blocked (${v.how}): ${cut(v.reason)}`;
      break;
    case 'stopped':
      if (form === 'short') return `stop: ${cut(v.reason)}`;
      break;
    case 'ok':
      if (form === 'short')
        return (
          v.decision ??
          (v.context.length || v.systemMessage || v.plainText ? 'warned' : v.error ? `error: ${cut(v.error)}` : 'ok')
        );
      break;
    default:
      v satisfies never;
  }
  const parts: string[] = [];
  if (v.kind === 'blocked') parts.push(`blocks (${v.how}): ${cut(v.reason)}`);
  if (v.kind === 'stopped') parts.push(`continue:false: ${cut(v.reason)}`);
  if (v.decision && v.decision !== 'deny')
    parts.push(`${v.decision}${v.decisionReason ? `: ${cut(v.decisionReason)}` : ''}`);
  if (v.updatedInput) parts.push(`rewrites the input to ${JSON.stringify(v.updatedInput)}`);
  for (const c of v.context) parts.push(`context: ${cut(c)}`);
  if (v.systemMessage && v.kind !== 'blocked') parts.push(`systemMessage: ${cut(v.systemMessage)}`);
  if (v.plainText) parts.push(`plain stdout: ${cut(v.plainText)}`);
  if (v.error) parts.push(`error: ${v.error}`);
  return parts.length ? parts.join('; ') : 'no effect (exit 0, nothing said)';
}

type Parsed =
  | { kind: 'json'; json: Json }
  | { kind: 'text'; text: string }
  | { kind: 'invalid'; error: string }
  | { kind: 'empty' };

/** Stdout is JSON only when it starts with `{` (after whitespace); anything else is plain text. */
export function parseStdout(stdout: string): Parsed {
  const text = stdout.trim();
  if (!text) return { kind: 'empty' };
  if (!text.startsWith('{')) return { kind: 'text', text };
  try {
    const json: unknown = JSON.parse(text);
    if (isRecord(json)) return { kind: 'json', json };
    return { kind: 'invalid', error: 'not an object' };
  } catch (err) {
    return { kind: 'invalid', error: (err as Error).message };
  }
}

function firstLine(text: string, prefix: string): string {
  const line = text.split('\n').find((l) => l.trim());
  return line ? `${prefix}${line.trim().slice(0, 300)}` : '';
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

/** "5s", "1.5s", "250ms". */
export function formatSeconds(s: number): string {
  if (s < 1) return `${Math.round(s * 1000)}ms`;
  return `${Number.isInteger(s) ? s : s.toFixed(1)}s`;
}
