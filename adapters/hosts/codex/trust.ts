// Codex's second trust gate, as data (docs/codex-hooks.md §1): each handler of .codex/hooks.json runs only when
// $CODEX_HOME/config.toml holds `[hooks.state."<key>"] trusted_hash` equal to its current hash. The key names the file,
// the event in snake_case and the handler's place; the hash covers the handler's command and timeout, not its script.
// Pure: the hooks document in, each handler's key and hash out.
import { createHash } from 'node:crypto';
import { isRecord, type Json } from '../../json.ts';

/** One handler of .codex/hooks.json, where it sits and what Codex hashes of it. */
export interface CodexHandler {
  /** The event as the file spells it (`PreToolUse`). */
  event: string;
  group: number;
  index: number;
  command: string;
  matcher?: string;
  /** Codex's trust key: `<hooks.json path>:<event_in_snake_case>:<group>:<handler>`. */
  key: string;
  /** `sha256:<hex>` of the handler as Codex hashes it. */
  hash: string;
}

/** `PreToolUse` as Codex keys it: `pre_tool_use`. */
export function snakeEvent(event: string): string {
  return event.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
}

/** JSON with object keys sorted, compact: the form Codex hashes. */
function sortedJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    isRecord(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, x[k]]),
        )
      : x,
  );
}

/**
 * The hash Codex keeps for a trusted handler: sha256 of `{event_name, matcher (when set), hooks: [handler]}`, the
 * handler with Codex's defaults filled in (`timeout` 600, `async` false) (docs/codex-hooks.md §1).
 */
export function codexHookHash(event: string, matcher: string | undefined, h: Json): string {
  const handler = {
    type: typeof h.type === 'string' ? h.type : 'command',
    command: h.command,
    timeout: typeof h.timeout === 'number' ? h.timeout : 600,
    async: h.async === true,
  };
  const identity = { event_name: snakeEvent(event), ...(matcher !== undefined ? { matcher } : {}), hooks: [handler] };
  return `sha256:${createHash('sha256').update(sortedJson(identity)).digest('hex')}`;
}

/** Every command handler of a .codex/hooks.json document at `file` (an absolute path), with its key and hash. */
export function codexHandlers(doc: unknown, file: string): CodexHandler[] {
  const hooks = isRecord(doc) && isRecord(doc.hooks) ? doc.hooks : {};
  const out: CodexHandler[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((g, group) => {
      if (!isRecord(g) || !Array.isArray(g.hooks)) return;
      const matcher = typeof g.matcher === 'string' ? g.matcher : undefined;
      g.hooks.forEach((h, index) => {
        if (!isRecord(h) || typeof h.command !== 'string') return;
        out.push({
          event,
          group,
          index,
          command: h.command,
          ...(matcher !== undefined ? { matcher } : {}),
          key: `${file}:${snakeEvent(event)}:${group}:${index}`,
          hash: codexHookHash(event, matcher, h),
        });
      });
    });
  }
  return out;
}
