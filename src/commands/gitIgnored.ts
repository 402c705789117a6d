// init, check and doctor: the files of the binding that git ignores (`git check-ignore`). An ignored binding is never
// committed by `git add .cursor`, so a clone of the branch (a Cloud agent booting it, a teammate) has none and runs
// no guard (docs/tooling.md, `binding-ignored`).
import { spawnSync } from 'node:child_process';
import { CONFIG_FILE } from '../project/config.ts';
import { HOOKS_JSON, VENDORED, type Mode } from '../project/binding.ts';
import { repositoryRoot } from '../project/paths.ts';
import type { Finding } from './findings.ts';
import { launcherFiles } from './launcher.ts';

/** One path git ignores, and the rule that does: its file (relative to the repository's top), line and pattern. */
export interface IgnoreRule {
  path: string;
  source: string;
  line: number;
  pattern: string;
}

/** The files init writes for a binding in `mode`, relative to the project (the bundle or package mode's launcher). */
export function bindingFiles(mode: Mode): string[] {
  return [...new Set([HOOKS_JSON, CONFIG_FILE, VENDORED, ...launcherFiles(mode).map(([file]) => file)])];
}

/** The folders the binding's files sit in, outermost first (`.cursor/`, `.cursor/hooks/`, …), with a trailing slash. */
function folders(files: readonly string[]): string[] {
  const out = new Set<string>();
  for (const f of files) {
    const parts = f.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) out.add(`${parts.slice(0, i).join('/')}/`);
  }
  return [...out].sort((a, b) => a.split('/').length - b.split('/').length);
}

/**
 * What git ignores of `paths` (relative to `dir`, folders with a trailing slash): tracked files are never ignored.
 * `none`: not in a git repository; `error`: git could not say (not installed, …).
 */
export function gitIgnored(dir: string, paths: readonly string[]): IgnoreRule[] | 'none' | { error: string } {
  if (repositoryRoot(dir) === undefined) return 'none';
  const r = spawnSync('git', ['check-ignore', '--verbose', '--non-matching', '-z', '--stdin'], {
    cwd: dir,
    input: paths.map((p) => `${p}\0`).join(''),
    encoding: 'utf8',
    timeout: 10_000,
  });
  // 128 with "not a git repository": a folder named .git that is none (nothing can be committed there either).
  if (r.status === 128 && /not a git repository/i.test(r.stderr)) return 'none';
  if (r.error || (r.status !== 0 && r.status !== 1))
    return { error: r.error?.message ?? (r.stderr.trim().split('\n')[0] || `git exited ${r.status}`) };
  const fields = r.stdout.split('\0');
  const out: IgnoreRule[] = [];
  for (let i = 0; i + 3 < fields.length; i += 4) {
    const [source, line, pattern, p] = fields.slice(i, i + 4) as [string, string, string, string];
    // A `!` pattern matched: the path is re-included, not ignored.
    if (source && !pattern.startsWith('!')) out.push({ path: p, source, line: Number(line), pattern });
  }
  return out;
}

/**
 * `binding-ignored`, one per rule that ignores files of the binding (`ignore-unchecked` when git cannot say): each
 * names the rule, the files, and both fixes: `git add -f`, or the lines that un-ignore exactly the binding.
 */
export function ignoredBinding(dir: string, mode: Mode): { findings: Finding[]; files: string[] } {
  const files = bindingFiles(mode);
  const found = gitIgnored(dir, [...folders(files), ...files]);
  if (found === 'none') return { findings: [], files: [] };
  if (!Array.isArray(found))
    return {
      files: [],
      findings: [
        {
          code: 'ignore-unchecked',
          severity: 'info',
          where: '.gitignore',
          message: `cannot tell whether git ignores the binding (${found.error})`,
          fix: `run \`git check-ignore -v ${files.join(' ')}\``,
        },
      ],
    };
  const ignoredFiles = found.filter((r) => files.includes(r.path));
  const rules = new Map<string, IgnoreRule[]>();
  for (const r of ignoredFiles) rules.set(`${r.source}:${r.line}`, [...(rules.get(`${r.source}:${r.line}`) ?? []), r]);
  const unignore = unignoreLines(found, files);
  const findings = [...rules].map(([where, list]) => ({
    code: 'binding-ignored' as const,
    severity: 'error' as const,
    where,
    message:
      `${JSON.stringify(list[0]?.pattern)} ignores ${list.map((r) => r.path).join(', ')}, which init writes and Cursor ` +
      'loads from the commit: `git add .cursor` leaves them out, so a clone of the branch (a Cloud agent booting it, ' +
      'a teammate) has no binding and runs no guard',
    fix:
      `commit them with \`git add -f ${ignoredFiles.map((r) => r.path).join(' ')}\` (once tracked, they stay tracked ` +
      `whatever .gitignore says; add -f again after each init), or un-ignore exactly them: append to .gitignore the ` +
      `lines ${unignore.map((l) => JSON.stringify(l)).join(', ')}`,
  }));
  return { findings, files: ignoredFiles.map((r) => r.path) };
}

/**
 * Findings about a file of the binding that git ignores (missing in this clone, …) whose fix says "run init and
 * commit": that alone cannot bring it to a clone, so the fix says how it gets committed.
 */
export function ignoredFixes(findings: readonly Finding[], ignored: readonly string[]): Finding[] {
  return findings.map((f) =>
    f.where !== undefined && ignored.includes(f.where) && f.fix?.includes('commit')
      ? {
          ...f,
          message: `${f.message}; git ignores it, so no commit carries it (binding-ignored)`,
          fix: `${f.fix}, with \`git add -f\` or after un-ignoring it (binding-ignored says how)`,
        }
      : f,
  );
}

/**
 * The .gitignore lines, appended after every rule of the repository, that un-ignore the binding and nothing else: when
 * `.cursor/` itself is ignored, it stays ignored but for the binding's entries (git cannot re-include a file whose
 * folder is excluded); else each ignored folder and file of the binding.
 */
export function unignoreLines(ignored: readonly IgnoreRule[], files: readonly string[]): string[] {
  const is = new Set(ignored.map((r) => r.path));
  const dirs = folders(files);
  const top = dirs[0];
  if (top !== undefined && is.has(top)) {
    const depth = top.split('/').length;
    const children = [...files, ...dirs].filter((p) => p.replace(/\/$/, '').split('/').length === depth);
    return [`!/${top}`, `/${top}*`, ...children.filter((p) => p !== top).map((p) => `!/${p}`)];
  }
  return [...dirs.filter((d) => is.has(d)), ...files.filter((f) => is.has(f))].map((p) => `!/${p}`);
}
