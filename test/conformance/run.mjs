// `npm run test:conformance`: every case of cases.mjs run both ways — under the real Claude Code against the loopback
// stand-in, and through hookshim's bound command as Cursor fires it — then compared (docs/conformance.md); then the
// same cases under the real GitHub Copilot CLI bound with `init --host copilot` (§8) and under the real OpenAI Codex
// CLI bound with `init --host codex` (§9), each compared with Claude Code.
// Options: --only a,b (case ids), --jobs N (default 2), --against <version> (list what changed since that version's run),
// --no-copilot, --no-codex (skip that host's part), --claude-cache (Claude Code's outcomes from the last recorded run,
// Claude Code and Cursor not run: for work on a host part), --keep (leave the scratch folders), --markdown <file>
// (write the case table docs/conformance.md §5 holds; with --from-cache, from the last recorded run instead of a new one).
// Prints `N/M agree` for each part and the whole run's wall time; exits 1 on a disagreement no label explains.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CASES } from './cases.mjs';
import { ensureClaude, runClaude } from './claude.mjs';
import { runCursor } from './cursor.mjs';
import { ensureCodex } from './codex.mjs';
import { codexExcluded, runCodexCase } from './codex-side.mjs';
import { ensureCopilot } from './copilot.mjs';
import { copilotExcluded, runCopilotCase } from './copilot-side.mjs';
import { CODEX_KNOWN, COPILOT_KNOWN } from './known.mjs';
import { claudeOutcome, compare, cursorOutcome } from './observe.mjs';
import { writeProject } from './project.mjs';
import { startHookServer } from './standin.mjs';
import { CLAUDE_CODE_VERSION, CODEX_VERSION, COPILOT_VERSION } from './version.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : (process.argv[i + 1] ?? '');
};
const RESULTS = path.join(
  process.env.HOOKSHIM_CACHE_DIR || path.join(os.homedir(), '.cache', 'hookshim'),
  'conformance',
);

async function main() {
  if (process.argv.includes('--from-cache')) return fromCache();
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli.mjs'))) return skip('dist/cli.mjs is missing: run npm run build');
  const t0 = Date.now();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-conformance-'));
  const results = process.argv.includes('--claude-cache') ? cachedClaude() : await claudePart(scratch);
  if (!results) return fs.rmSync(scratch, { recursive: true, force: true });
  const hosts = Object.keys(HOSTS).filter((id) => !process.argv.includes(`--no-${id}`));
  const parts = [];
  for (const id of hosts) parts.push(...(await hostPart(id, results, scratch)));
  if (!process.argv.includes('--keep')) fs.rmSync(scratch, { recursive: true, force: true });
  else console.log(`scratch kept: ${scratch}`);
  console.log(`\nthe whole run: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  process.exitCode = results.some(unexplained) || parts.some(unexplained) ? 1 : 0;
}

/** Claude Code's part: every case under the real Claude Code and under Cursor's simulation, compared (§2–§7). */
async function claudePart(scratch) {
  const claude = ensureClaude(CLAUDE_CODE_VERSION);
  if (claude.skip) return skip(claude.skip);
  const only = arg('only')?.split(',');
  const cases = CASES.filter((c) => !c.offline && (!only || only.includes(c.id)));
  const t0 = Date.now();
  const answers = Object.fromEntries(
    cases.flatMap((c) => Object.entries(c.http ?? {}).map(([name, a]) => [`${c.id}/${name}`, a])),
  );
  const hooks = await startHookServer(answers);
  const once = (c, n) => runCase(claude.bin, path.join(scratch, `run${n}`), c, hooks);
  const first = await pool(cases, Number(arg('jobs') ?? 2), (c) => once(c, 1));
  // Claude Code's start and exit vary: a difference no label explains is run once more before it is reported.
  const results = await pool(first, 1, async (r) => {
    if (!unexplained(r)) return r;
    const again = await once(r.kase, 2);
    const unstable = JSON.stringify(again.diff) !== JSON.stringify(r.diff) || Boolean(again.error) !== Boolean(r.error);
    return unstable ? { ...again, unstable: r } : again;
  });
  await hooks.close();
  const ms = Date.now() - t0;
  const agree = results.filter((r) => Object.keys(r.diff).length === 0 && !r.error).length;
  for (const r of results) report(r);
  const notRun = CASES.filter((c) => c.offline);
  console.log(`\n${agree}/${results.length} agree (Claude Code ${CLAUDE_CODE_VERSION}, ${(ms / 1000).toFixed(0)} s)`);
  if (notRun.length) console.log(`not driven offline: ${notRun.map((c) => `${c.id} (${c.offline})`).join('; ')}`);
  save(results, ms);
  const md = arg('markdown');
  if (md) fs.writeFileSync(md, table(results));
  const against = arg('against');
  if (against) changes(against, results);
  return results;
}

/**
 * --claude-cache: Claude Code's outcomes from the last recorded run of the pinned version instead of a new run, for
 * working on a host part (Claude Code and Cursor are not run; not for judging a change).
 */
function cachedClaude() {
  const file = path.join(RESULTS, `${CLAUDE_CODE_VERSION}.json`);
  if (!fs.existsSync(file)) return skip(`no recorded run of ${CLAUDE_CODE_VERSION} in ${RESULTS}`);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  const only = arg('only')?.split(',');
  const cases = CASES.filter((c) => doc.cases[c.id] && (!only || only.includes(c.id)));
  console.log(`Claude Code's outcomes from the run recorded ${doc.date} (--claude-cache)`);
  return cases.map((kase) => ({ kase, ...doc.cases[kase.id], diff: {} }));
}

/** The hosts played after Claude Code, each through hookshim's binding for it, compared with Claude Code's outcomes. */
const HOSTS = {
  copilot: {
    title: `GitHub Copilot CLI ${COPILOT_VERSION} through hookshim's Copilot binding, against Claude Code`,
    versions: `Copilot CLI ${COPILOT_VERSION} vs Claude Code ${CLAUDE_CODE_VERSION}`,
    ensure: () => ensureCopilot(COPILOT_VERSION),
    excluded: copilotExcluded,
    known: COPILOT_KNOWN,
    runCase: runCopilotCase,
  },
  codex: {
    title: `OpenAI Codex CLI ${CODEX_VERSION} through hookshim's Codex binding, against Claude Code`,
    versions: `Codex CLI ${CODEX_VERSION} vs Claude Code ${CLAUDE_CODE_VERSION}`,
    ensure: () => ensureCodex(CODEX_VERSION),
    excluded: codexExcluded,
    known: CODEX_KNOWN,
    runCase: runCodexCase,
  },
};

/**
 * The same cases under a real host CLI (Copilot, docs/conformance.md §8; Codex, §9), bound with `init --host <id>`,
 * each compared with Claude Code's outcome of the Claude run; the labels are known.mjs's COPILOT_KNOWN / CODEX_KNOWN.
 */
async function hostPart(id, claudeResults, scratch) {
  const host = HOSTS[id];
  const t0 = Date.now();
  const cli = host.ensure();
  if (cli.skip) {
    console.log(`${id} conformance skipped: ${cli.skip}`);
    return [];
  }
  const excluded = claudeResults
    .map((r) => ({ r, why: r.error ? "Claude Code's run failed" : host.excluded(r.kase) }))
    .filter((x) => x.why);
  const todo = claudeResults.filter((r) => !excluded.some((x) => x.r === r));
  const once = async (r, n) => {
    const kase = { ...r.kase, known: host.known[r.kase.id] ?? {} };
    try {
      const c = await host.runCase(cli, path.join(scratch, `${id}${n}`, kase.id), kase);
      return { kase, claude: r.claude, cursor: c.outcome, diff: compare(r.claude, c.outcome) };
    } catch (e) {
      return { kase, diff: {}, error: String(e?.stack ?? e) };
    }
  };
  const first = await pool(todo, Number(arg('jobs') ?? 2), (r) => once(r, 1));
  // A CLI's start varies too: a difference no label explains is run once more before it is reported.
  const results = await pool(first, 1, async (r) => {
    if (!unexplained(r)) return r;
    const again = await once({ kase: r.kase, claude: todo.find((t) => t.kase.id === r.kase.id).claude }, 2);
    const unstable = JSON.stringify(again.diff) !== JSON.stringify(r.diff) || Boolean(again.error) !== Boolean(r.error);
    return unstable ? { ...again, unstable: r } : again;
  });
  const ms = Date.now() - t0;
  console.log(`\n${host.title}:`);
  for (const r of results) report(r, id);
  const agree = results.filter((r) => Object.keys(r.diff).length === 0 && !r.error).length;
  console.log(`\n${agree}/${results.length} agree (${host.versions}, ${(ms / 1000).toFixed(0)} s)`);
  const notRun = excluded.filter((x) => !x.r.kase.offline);
  if (notRun.length)
    console.log(`not driven under ${id}: ${notRun.map((x) => `${x.r.kase.id} (${x.why})`).join('; ')}`);
  return results;
}

/** A case that failed to run or differs where no label explains it. */
const unexplained = (r) => Boolean(r.error) || Object.keys(r.diff).some((d) => !r.kase.known?.[d]);

function skip(why) {
  console.log(`conformance skipped: ${why}`);
}

/** One case: the same project written twice, run once each way, compared. */
async function runCase(bin, scratch, kase, hooks) {
  const base = path.join(scratch, kase.id);
  const [cdir, hdir] = [path.join(base, 'claude', 'proj'), path.join(base, 'cursor', 'proj')];
  const at = (side) => `/${side}/${path.basename(scratch)}/${kase.id}`;
  const url = (side) => `${hooks.url}${at(side)}`;
  const seen = (side) => hooks.seen.filter((s) => s.url.startsWith(`${at(side)}/`));
  try {
    writeProject(cdir, kase, url('claude'));
    writeProject(hdir, kase, url('cursor'));
    const c = { ...(await runClaude(bin, cdir, kase)), http: seen('claude') };
    if (c.timedOut) throw new Error(`Claude Code did not finish in time: ${c.stderr.slice(0, 300)}`);
    const h = { ...(await runCursor(hdir, kase)), http: seen('cursor') };
    const claude = claudeOutcome(cdir, kase, c);
    const cursor = cursorOutcome(hdir, kase, h);
    return { kase, claude, cursor, diff: compare(claude, cursor) };
  } catch (e) {
    return { kase, diff: {}, error: String(e?.stack ?? e) };
  }
}

function report(r, side = 'cursor') {
  const dims = Object.keys(r.diff);
  if (r.unstable)
    console.log(`~ ${r.kase.id}: unstable: two runs differed (first: ${JSON.stringify(Object.keys(r.unstable.diff))})`);
  if (r.error) return console.log(`✗ ${r.kase.id}: the run failed: ${r.error.split('\n')[0]}`);
  const stale = Object.keys(r.kase.known ?? {}).filter((d) => !dims.includes(d));
  if (!dims.length) {
    console.log(`✓ ${r.kase.id}${stale.length ? `  (agrees now on ${stale.join(', ')}: drop its label)` : ''}`);
    return;
  }
  console.log(
    `✗ ${r.kase.id}: ${r.kase.title}${stale.length ? `  (agrees now on ${stale.join(', ')}: drop its label)` : ''}`,
  );
  for (const d of dims) {
    const label = r.kase.known?.[d];
    const tag = !label ? 'NOT EXPLAINED' : /^\d+\.\d+/.test(label) ? `pending fix #${label}` : label;
    console.log(`    ${d} [${tag}]`);
    console.log(`      claude: ${JSON.stringify(r.diff[d].claude)}`);
    console.log(`      ${side}: ${JSON.stringify(r.diff[d].cursor)}`);
  }
}

/** Keep this version's outcomes, so an upgrade can list what changed (--against). */
function save(results, ms) {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${CLAUDE_CODE_VERSION}.json`);
  // A run of some cases (--only) updates those and keeps the others' recorded outcomes.
  const kept = arg('only') && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
  const doc = {
    version: CLAUDE_CODE_VERSION,
    date: kept?.date ?? new Date().toISOString(),
    ms: kept?.ms ?? ms,
    cases: {
      ...kept?.cases,
      ...Object.fromEntries(
        results.map((r) => [r.kase.id, { claude: r.claude, cursor: r.cursor, diff: r.diff, error: r.error }]),
      ),
    },
  };
  fs.writeFileSync(file, JSON.stringify(doc, null, 1));
}

/** What Claude Code does differently now than the recorded run of `version`. */
function changes(version, results) {
  const file = path.join(RESULTS, `${version}.json`);
  if (!fs.existsSync(file)) return console.log(`no recorded run of ${version} in ${RESULTS}`);
  const old = JSON.parse(fs.readFileSync(file, 'utf8')).cases;
  // Compared as the cases compare (verbatim texts, which hold scratch paths, are not).
  const changed = results.filter(
    (r) => old[r.kase.id]?.claude && r.claude && Object.keys(compare(old[r.kase.id].claude, r.claude)).length,
  );
  console.log(`\nClaude Code ${version} → ${CLAUDE_CODE_VERSION}: ${changed.length} case(s) changed`);
  for (const r of changed) console.log(`  ${r.kase.id}: ${JSON.stringify(compare(old[r.kase.id].claude, r.claude))}`);
}

/** --from-cache --markdown <file>: the case table of the last recorded run of the pinned version, without running. */
function fromCache() {
  const file = path.join(RESULTS, `${CLAUDE_CODE_VERSION}.json`);
  if (!fs.existsSync(file)) return skip(`no recorded run of ${CLAUDE_CODE_VERSION} in ${RESULTS}`);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  const results = CASES.filter((c) => doc.cases[c.id]).map((kase) => ({ kase, ...doc.cases[kase.id] }));
  const agree = results.filter((r) => !r.error && Object.keys(r.diff).length === 0).length;
  console.log(
    `${agree}/${results.length} agree (Claude Code ${doc.version}, recorded ${doc.date}, ${(doc.ms / 1000).toFixed(0)} s)`,
  );
  const md = arg('markdown');
  if (md) fs.writeFileSync(md, table(results));
}

/** A table cell: no line breaks, no bare column separators. */
const cell = (s) => String(s).replaceAll('|', '\\|').replaceAll('\n', ' ');

/** One side's outcome in a few words: what ran, what each audience got, continuations. */
function brief(o) {
  if (!o) return '—';
  const parts = [o.prompt === 'blocked' ? 'prompt blocked' : null];
  const fx = Object.entries(o.effects).map(([f, v]) => `${f}: ${v === null ? 'absent' : JSON.stringify(v)}`);
  parts.push(fx.join(', '));
  if (o.model.length) parts.push(`model ${o.model.join(' ')}`);
  if (o.user.length) parts.push(`user ${o.user.join(' ')}`);
  if (o.stops) parts.push(`${o.stops} continuation(s)`);
  parts.push(`rows ${o.rows.length ? o.rows.join(' ') : 'none'}`);
  return parts.filter(Boolean).join('; ');
}

/** The case list with both outcomes, as a Markdown table. */
function table(results) {
  const rows = results.map((r) => {
    const dims = Object.keys(r.diff);
    const verdict = r.error
      ? 'run failed'
      : dims.length
        ? dims.map((d) => `${d}: ${r.kase.known?.[d]?.split(':')[0] ?? 'NOT EXPLAINED'}`).join('; ')
        : 'agree';
    return `| \`${r.kase.id}\` | ${cell(r.kase.title)} | ${cell(brief(r.claude))} | ${cell(brief(r.cursor))} | ${verdict} |`;
  });
  const off = CASES.filter((c) => c.offline).map(
    (c) => `| \`${c.id}\` | ${c.title} | not driven offline: ${c.offline} | — | — |`,
  );
  return [
    '| Case | What | Claude Code | hookshim under Cursor | Verdict |',
    '|---|---|---|---|---|',
    ...rows,
    ...off,
    '',
  ].join('\n');
}

async function pool(items, n, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
      process.stderr.write('.');
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, n) }, worker));
  process.stderr.write('\n');
  return out;
}

await main();
