// Value readers for JSON that arrives from outside (Cursor payloads, script answers): one set, one meaning each.
// (isRecord lives in catalog/, which imports nothing of ours, and is re-exported here.)

export type Json = Record<string, unknown>;

export { isRecord } from '../catalog/types.ts';

/** A non-empty string, or undefined: for ids, names and paths, where "" means "not given". */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Any string, "" included, or undefined: for content, where "" is a value. */
export function anyString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A finite number, or undefined. */
export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The first value that has non-blank text, trimmed. */
export function firstText(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return undefined;
}

/** The tool call a payload is about: Cursor's tool_use_id, "" counting as absent (the one rule for every reader). */
export function toolUseId(input: Json): string | undefined {
  return str(input.tool_use_id);
}

/** "an object", "an array", "null", "a string": what a value is, for messages. */
export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** JSON with object keys sorted: one text per value, whatever the key order. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null)
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** JSON equality that ignores key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}
