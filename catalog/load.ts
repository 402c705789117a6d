// Parse a Claude catalog (a plugin's `hooks/hooks.json`, or the hooks of a settings file) into flat rows plus warnings.
// A namespace import lets esbuild drop the parts of zod we do not use (locales, JSON Schema): ~27 KB instead of ~430 KB.
import * as z from 'zod/mini';
import { KNOWN_EVENT_SET, KNOWN_EVENTS } from './events.ts';
import {
  commandHandlerSchema,
  descriptionSchema,
  HANDLER_TYPES,
  hooksFileSchema,
  matcherGroupSchema,
  timeoutSchema,
} from './schema.ts';
import { parseJsonText } from './json.ts';
import { isRecord, type Catalog, type CatalogRow, type HookSettings } from './types.ts';

export type ParseResult = { ok: true; catalog: Catalog } | { ok: false; error: string };

const EXPECTED_SHAPE =
  '{"description"?: string, "hooks": {"<Event>": [{"matcher"?: string, "hooks": [{"type": "command", "command": "...", ...}]}]}}';
const RECEIVED_MAX = 200;
const fields = commandHandlerSchema.shape;
const KNOWN_TYPES: ReadonlySet<string> = new Set(HANDLER_TYPES);
/** The handler fields hookshim acts on; any other field of a handler is listed in its row's `extra` (`hookshim check` reports them). */
/** The fields of an http handler beside the common ones (docs/claude-hooks.md §9 `http`). */
const HTTP_FIELDS: ReadonlySet<string> = new Set(['url', 'headers', 'allowedEnvVars']);
const ACTED_ON: ReadonlySet<string> = new Set([
  'type',
  'command',
  'args',
  'shell',
  'async',
  'asyncRewake',
  'timeout',
  'if',
  'onFailure',
]);

// Parse the file text; only unreadable JSON or a wrong outer shape fails, everything else becomes a warning.
// `settings`: a Claude settings file (docs/claude-hooks.md §1.1), where no "hooks" key means no hooks rather than a wrong shape.
export function parseCatalog(text: string, file: string, opts: { settings?: boolean } = {}): ParseResult {
  const json = parseJsonText(text);
  if (!json.ok) {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    return {
      ok: false,
      error: `${file}: not valid JSON ${json.error}\n  expected: ${EXPECTED_SHAPE}\n  received: ${truncate(body)}`,
    };
  }
  const data = json.value;
  const warnings: string[] = [];
  const rows: CatalogRow[] = [];
  const catalog: Catalog = { rows, warnings };
  if (isRecord(data)) readTopLevel(data, file, catalog, opts.settings === true);
  // A settings file without "hooks" has none; a plugin file of only "modules" is a mod-only plugin (docs/claude-hooks.md §9).
  if (isRecord(data) && data.hooks === undefined && (opts.settings || catalog.modules)) return { ok: true, catalog };
  const outer = z.safeParse(hooksFileSchema, data);
  if (!outer.success) {
    return {
      ok: false,
      error:
        `${file}: not a Claude Code hooks file:\n${z.prettifyError(outer.error)}\n  expected: ` +
        `${EXPECTED_SHAPE}\n  received: ${truncate(JSON.stringify(data) ?? String(data))}`,
    };
  }
  const description = z.safeParse(descriptionSchema, (data as Record<string, unknown>)['description']);
  if (!description.success) warnings.push(`${file} description: expected a string; ignored`);
  else if (description.data !== undefined) catalog.description = description.data;

  for (const [event, groups] of Object.entries(outer.data.hooks)) {
    if (!KNOWN_EVENT_SET.has(event)) {
      const near = KNOWN_EVENTS.find((known) => known.toLowerCase() === event.toLowerCase());
      warnings.push(
        `${file} hooks.${event}: unknown event "${event}"${
          near ? ` (did you mean "${near}"? event names are case-sensitive)` : ''
        }; its handlers will never run`,
      );
    }
    if (!Array.isArray(groups)) {
      warnings.push(`${file} hooks.${event}: expected an array of matcher groups, received ${kindOf(groups)}; ignored`);
      continue;
    }
    groups.forEach((group, gi) => addGroup(rows, warnings, file, event, gi, group));
  }
  return { ok: true, catalog };
}

// Flatten one matcher group; a group whose matcher or handler list is malformed is dropped whole.
function addGroup(
  rows: CatalogRow[],
  warnings: string[],
  file: string,
  event: string,
  gi: number,
  group: unknown,
): void {
  const where = `${file} ${event}[${gi}]`;
  const parsed = z.safeParse(matcherGroupSchema, group);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => (i.path.length ? `"${i.path.join('.')}" ` : '') + describeIssue(i, group))
      .join('; ');
    warnings.push(
      `${where}: not a matcher group {"matcher"?: string, "hooks": [...]} (${issues}); its handlers will never run`,
    );
    return;
  }
  const { matcher, hooks } = parsed.data;
  hooks.forEach((handler, hi) => {
    const row = toRow(warnings, `${event}[${gi}].hooks[${hi}]`, file, event, matcher, handler);
    if (row !== undefined) rows.push(row);
  });
}

// One handler → one row, or undefined (with a warning) when running it could only go wrong.
function toRow(
  warnings: string[],
  locator: string,
  file: string,
  event: string,
  matcher: string | undefined,
  handler: unknown,
): CatalogRow | undefined {
  const where = `${file} ${locator}`;
  if (typeof handler !== 'object' || handler === null || Array.isArray(handler)) {
    warnings.push(`${where}: expected a handler object, received ${kindOf(handler)}; ignored`);
    return undefined;
  }
  const h = handler as Record<string, unknown>;
  if (typeof h['type'] !== 'string' || h['type'] === '') {
    warnings.push(`${where}: handler has no "type" (expected one of ${HANDLER_TYPES.join(', ')}); ignored`);
    return undefined;
  }
  const row: CatalogRow = { event, locator, type: h['type'] };
  if (matcher !== undefined) row.matcher = matcher;

  if (!readCommon(row, h, where, warnings)) return undefined;

  if (row.type === 'http') return httpRow(row, h, where, warnings);
  if (row.type !== 'command') {
    // prompt, agent and mcp_tool rows are kept: the events that would run them say so, and deny where they guard
    // (src/hook/select.ts); `hookshim check` reports them. An unknown type is most likely a typo.
    if (!KNOWN_TYPES.has(row.type))
      warnings.push(
        `${where}: unknown handler type "${row.type}" (expected one of ${HANDLER_TYPES.join(', ')}); it will be skipped`,
      );
    return row;
  }

  const extra = Object.keys(h).filter((k) => !ACTED_ON.has(k));
  if (extra.length) row.extra = extra;
  const command = z.safeParse(fields.command, h['command']);
  if (command.success) row.command = command.data;
  else
    warnings.push(
      `${where}: command handler has no "command" (expected a non-empty string, received ${preview(h['command'])}); it will be skipped`,
    );

  if (h['args'] !== undefined) {
    const args = z.safeParse(fields.args, h['args']);
    if (!args.success || args.data === undefined) {
      warnings.push(`${where}: "args" must be an array of strings, received ${preview(h['args'])}; handler ignored`);
      return undefined;
    }
    row.args = args.data;
  }
  if (h['shell'] !== undefined && row.args === undefined) {
    const shell = z.safeParse(fields.shell, h['shell']);
    // "bash" runs under bash (Git Bash on Windows), "powershell" under PowerShell (docs/claude-hooks.md §11).
    if (!shell.success || (shell.data !== 'bash' && shell.data !== 'powershell')) {
      warnings.push(
        `${where}: "shell": ${preview(h['shell'])} is not supported (Claude Code knows "bash" and "powershell"); handler ignored`,
      );
      return undefined;
    }
    row.shell = shell.data;
  }
  readFlags(row, h, where, warnings);
  return row;
}

// The fields every handler type has: `if` (one that cannot be read drops the row) and `timeout`.
function readCommon(row: CatalogRow, h: Record<string, unknown>, where: string, warnings: string[]): boolean {
  // A filter we cannot read must not turn into "no filter".
  if (h['if'] !== undefined) {
    if (typeof h['if'] !== 'string') {
      warnings.push(
        `${where}: "if" must be a permission-rule string, received ${kindOf(h['if'])}; handler ignored so it never runs unfiltered`,
      );
      return false;
    }
    row.if = h['if'];
  }
  if (h['timeout'] !== undefined) {
    const timeout = z.safeParse(timeoutSchema, h['timeout']);
    if (timeout.success && timeout.data !== undefined) row.timeout = timeout.data;
    else
      warnings.push(
        `${where}: "timeout" must be a positive number of seconds, received ${preview(h['timeout'])}; ignored (default applies)`,
      );
  }
  return true;
}

// A `type: "http"` handler (docs/claude-hooks.md §9 `http`): its url, headers and allowedEnvVars; no url, no row.
function httpRow(
  row: CatalogRow,
  h: Record<string, unknown>,
  where: string,
  warnings: string[],
): CatalogRow | undefined {
  if (typeof h['url'] !== 'string' || !/^https?:\/\//i.test(h['url'])) {
    warnings.push(`${where}: http handler needs a "url" (http:// or https://), received ${preview(h['url'])}; ignored`);
    return undefined;
  }
  row.url = h['url'];
  const headers = h['headers'];
  if (headers !== undefined) {
    if (isRecord(headers) && Object.values(headers).every((v) => typeof v === 'string'))
      row.headers = headers as Record<string, string>;
    else warnings.push(`${where}: "headers" must be an object of strings, received ${preview(headers)}; none sent`);
  }
  const vars = h['allowedEnvVars'];
  if (vars !== undefined) {
    if (Array.isArray(vars) && vars.every((v) => typeof v === 'string')) row.allowedEnvVars = vars as string[];
    else warnings.push(`${where}: "allowedEnvVars" must be an array of names, received ${preview(vars)}; none resolve`);
  }
  const extra = Object.keys(h).filter((k) => !ACTED_ON.has(k) && !HTTP_FIELDS.has(k));
  if (extra.length) row.extra = extra;
  readFlags(row, h, where, warnings);
  return row;
}

/** Top-level keys beside `hooks`: a plugin's `modules`, a settings file's hook switches (docs/claude-hooks.md §9). */
function readTopLevel(data: Record<string, unknown>, file: string, catalog: Catalog, settings: boolean): void {
  const mods = data['modules'];
  if (mods !== undefined) {
    if (Array.isArray(mods) && mods.every((m) => typeof m === 'string')) catalog.modules = mods as string[];
    else {
      catalog.modules = [];
      catalog.warnings.push(`${file} modules: expected an array of module paths, received ${preview(mods)}`);
    }
  }
  if (!settings) return;
  const out: HookSettings = {};
  if (data['disableAllHooks'] !== undefined) {
    if (typeof data['disableAllHooks'] === 'boolean') out.disableAllHooks = data['disableAllHooks'];
    else
      catalog.warnings.push(
        `${file} disableAllHooks: expected true or false, received ${preview(data['disableAllHooks'])}; ignored`,
      );
  }
  for (const key of ['allowedHttpHookUrls', 'httpHookAllowedEnvVars'] as const) {
    const v = data[key];
    if (v === undefined) continue;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[key] = v as string[];
    // A list we cannot read restricts everything: no URL, no variable (fail toward enforcing).
    else {
      out[key] = [];
      catalog.warnings.push(`${file} ${key}: expected an array of strings, received ${preview(v)}; read as []`);
    }
  }
  if (Object.keys(out).length) catalog.settings = out;
}

// The flags of a command handler: async / asyncRewake, onFailure; a malformed one is reported and ignored.
function readFlags(row: CatalogRow, h: Record<string, unknown>, where: string, warnings: string[]): void {
  if (h['onFailure'] !== undefined) {
    // "continue" is the default; "block" turns a failure into a block (docs/claude-hooks.md §1.2, §7).
    if (h['onFailure'] === 'block') row.onFailure = 'block';
    else if (h['onFailure'] !== 'continue')
      warnings.push(
        `${where}: "onFailure" must be "continue" or "block", received ${preview(h['onFailure'])}; "continue" applies`,
      );
  }
  for (const key of ['async', 'asyncRewake'] as const) {
    if (h[key] === undefined) continue;
    const flag = z.safeParse(fields[key], h[key]);
    if (!flag.success) warnings.push(`${where}: "${key}" must be true or false, received ${preview(h[key])}; ignored`);
    // asyncRewake "implies async" (hooks doc, "Hook handler fields").
    else if (flag.data === true) row.async = true;
    else if (key === 'async' && row.async === undefined) row.async = false;
  }
}

// A zod issue as a short phrase, naming what was received.
function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  let value: unknown = root;
  for (const key of issue.path)
    value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  if (issue.code === 'invalid_type') return `expected ${issue.expected}, received ${kindOf(value)}`;
  return issue.message;
}

// "an object", "an array", "null", or the type and a preview of a primitive.
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${preview(value)}`;
}

// A short JSON rendering of a received value.
function preview(value: unknown): string {
  return value === undefined ? 'nothing' : truncate(JSON.stringify(value) ?? String(value), 60);
}

// Cut `s` to `max` characters, marking the cut with an ellipsis.
function truncate(s: string, max = RECEIVED_MAX): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
