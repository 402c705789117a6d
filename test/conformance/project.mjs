// One case's project, written the same way for both sides (docs/conformance.md §2): the catalog as a settings file or
// a plugin folder, each script inline behind a probe (so a reader of the
// script sees its text) that records the input and the environment names the row saw.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The probe in front of every script: input and environment names into `.probe/`, then the script on the same stdin.
 * `skipNative` puts docs/usage.md's line first, by which a script skips Copilot's own run of `.claude/settings.json`.
 */
const probe = (name, body, skipNative) => `#!/bin/sh
${skipNative ? '[ -n "$COPILOT_CLI" ] && [ -z "$COPILOT_HOOK_DIR" ] && cat >/dev/null && exit 0\n' : ''}in=$(cat)
p="$CLAUDE_PROJECT_DIR/.probe"; mkdir -p "$p"; n="$(date +%s%N)-$$"
printf '%s' "$in" > "$p/$n.${name}.json"
env | cut -d= -f1 | grep -E '^(CLAUDE|CURSOR)' | sort | tr '\\n' ' ' > "$p/$n.${name}.env"
printf '%s' "$in" | {
${body}
}
exit $?
`;

/**
 * Write the case's project into `dir`; `$H/` in a catalog is this side's URL for the case's http rows. `skipNative`:
 * every script skips Copilot's native run of the settings file (docs/usage.md "GitHub Copilot"), as a team's would.
 */
export function writeProject(dir, kase, hookUrl = '', skipNative = false) {
  fs.mkdirSync(dir, { recursive: true });
  const plugin = kase.catalog.kind === 'plugin';
  const base = plugin ? path.join(dir, 'plugins', 'p1') : dir;
  const prefix = plugin ? '${CLAUDE_PLUGIN_ROOT}/guards/' : '"$CLAUDE_PROJECT_DIR"/guards/';
  for (const [name, body] of Object.entries(kase.scripts ?? {})) {
    write(path.join(base, 'guards', name), probe(name, body, skipNative), 0o755);
  }
  for (const [rel, text] of Object.entries(kase.files ?? {})) write(path.join(base, rel), text, 0o644);
  for (const [rel, text] of Object.entries(kase.projectFiles ?? {})) write(path.join(dir, rel), text, 0o644);
  const hooks = JSON.parse(
    JSON.stringify(kase.catalog.hooks)
      .replaceAll('$G/', prefix.replaceAll('"', '\\"'))
      .replaceAll('$H/', `${hookUrl}/`),
  );
  const doc = { ...(kase.catalog.extra ?? {}), hooks };
  if (plugin) {
    write(path.join(base, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'p1', version: '1.0.0' }), 0o644);
    write(path.join(base, 'hooks', 'hooks.json'), JSON.stringify(doc, null, 2), 0o644);
  } else {
    write(path.join(dir, '.claude', 'settings.json'), JSON.stringify(doc, null, 2), 0o644);
  }
  return { plugin };
}

function write(p, text, mode) {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text, { mode });
}

/** What the probes (and the http endpoint, `seen`) recorded, in the order the rows started: `{row, input, env}`. */
export function readProbes(dir, seen = []) {
  const p = path.join(dir, '.probe');
  const http = seen.map((s) => ({ row: `http:${s.url.split('/').pop()}`, input: parse(s.body), env: [] }));
  if (!fs.existsSync(p)) return http;
  return [
    ...fs
      .readdirSync(p)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => {
        const row = f.split('.').slice(1, -1).join('.');
        const text = fs.readFileSync(path.join(p, f), 'utf8');
        let input;
        try {
          input = JSON.parse(text);
        } catch {
          input = { unreadable: text.slice(0, 200) };
        }
        const envFile = path.join(p, f.replace(/\.json$/, '.env'));
        const env = fs.existsSync(envFile) ? fs.readFileSync(envFile, 'utf8').trim().split(' ').filter(Boolean) : [];
        return { row, input, env };
      }),
    ...http,
  ];
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return { unreadable: text.slice(0, 200) };
  }
}

/** The side effects a case looks at: the named files' contents (or null when absent). */
export function readEffects(dir, kase) {
  const out = {};
  for (const rel of kase.effects ?? ['effect.txt']) {
    const p = path.join(dir, rel);
    out[rel] = fs.existsSync(p) ? fs.readFileSync(p, 'utf8').trim() : null;
  }
  return out;
}
