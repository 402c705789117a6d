// Text views of the command reports (the --json views are the reports themselves).
import { compileRegex, MATCHED_BY, skippedBy, type MatchedEvent } from '../../adapters/cursorMatcher.ts';
import type { CheckResult } from './check.ts';
import { ago } from './loaded.ts';
import type { DoctorReport } from './doctor.ts';
import type { ExplainedRow, ExplainReport } from './explain.ts';
import { renderFileChanges } from './fileChanges.ts';
import type { InitReport } from './init.ts';
import { renderFindings, tally, type Paint } from './io.ts';
import type { ReplayReport } from './replay.ts';

export function renderInit(r: InitReport, p: Paint, dryRun: boolean): string {
  const out: string[] = [];
  const n = r.catalogs.length;
  out.push(
    `${p.bold('hookshim init')} ${r.dir} ${p.dim(
      `(${r.rows} row${r.rows === 1 ? '' : 's'} in ${n} ` +
        `catalog${n === 1 ? '' : 's'}; ${r.plan.mode === 'package' ? 'installed package' : 'vendored bundle'})`,
    )}`,
  );
  for (const note of r.notes) out.push(p.dim(`note: ${note}`));
  out.push('catalogs:');
  const w0 = Math.max(...r.catalogs.map((c) => c.shown.length));
  for (const c of r.catalogs)
    out.push(
      `  ${c.shown.padEnd(w0)}  ${
        c.rows === null
          ? c.kind === 'personal'
            ? 'absent here'
            : 'unreadable'
          : `${c.rows} row${c.rows === 1 ? '' : 's'}`
      }  ${p.dim(`(${c.how})`)}`,
    );
  out.push(...boundLines(r, p));
  if (r.removed.length) out.push(`removed stale hookshim entries: ${r.removed.join(', ')}`);
  const foreign = Object.entries(r.foreign);
  const kept = foreign.reduce((k, [, m]) => k + m, 0);
  // Foreign entries that run what the catalog runs (native-duplicate, native-adapter) are said with the count.
  const twice = r.findings.filter((f) => f.code === 'native-duplicate' || f.code === 'native-adapter').length;
  if (foreign.length)
    out.push(
      `kept ${kept} foreign entr${kept === 1 ? 'y' : 'ies'} (${foreign.map(([ev, k]) => `${ev}: ${k}`).join(', ')})` +
        (twice
          ? `; ${p.yellow(`${twice} of them run${twice === 1 ? 's' : ''} what the catalog runs`)}, so those guards ` +
            'run twice per event: remove them (native-duplicate, native-adapter below)'
          : ''),
    );
  if (r.plan.never.length) {
    out.push('can never run under Cursor:');
    for (const x of r.plan.never) out.push(`  ${x.locator}: ${x.reason}`);
  }
  if (r.plan.limits.length) {
    out.push('limits under Cursor:');
    for (const l of r.plan.limits) out.push(`  ${l.event}: ${l.note}`);
  }
  for (const w of r.warnings) out.push(`${p.yellow('warning:')} ${w}`);
  out.push(...renderFindings(r.findings, p, { info: false }));
  if (dryRun) out.push('would change (nothing is written):', ...renderFileChanges(r.files));
  else if (r.changed.length) out.push(`wrote: ${r.changed.join(', ')}`);
  if (r.deleted.length && !dryRun)
    out.push(`removed: ${r.deleted.join(', ')} (the older bundle; the binding runs .cursor/hooks/hookshim.cjs)`);
  if (!dryRun && !r.changed.length && !r.deleted.length) out.push('unchanged: everything was already up to date');
  const t = tally(r.findings);
  if (t.errors || t.warnings)
    out.push(
      `${t.errors ? p.red('check: failed') : p.yellow('check: ok')} ${p.dim(
        `(${t.text}; the binding is written for the rows that can run)`,
      )}`,
    );
  const touched = [...r.changed, ...r.deleted];
  // Said after the findings: a binding git ignores is committed with -f (binding-ignored), or not at all.
  const ignored = r.findings.some((f) => f.code === 'binding-ignored');
  if (touched.length && !dryRun)
    out.push(
      ignored
        ? `${p.yellow('next:')} git ignores the binding (binding-ignored above): commit ${touched.join(' and ')} ` +
            'with `git add -f`, or un-ignore them first; run `hookshim check` in CI'
        : p.dim(`next: commit ${touched.join(' and ')}; run \`hookshim check\` in CI`),
    );
  return `${out.join('\n')}\n`;
}

/** An entry's Cursor matcher for people: what it skips (init writes skip lists), or the pattern as written. */
export function describeMatcher(event: string, matcher: string | undefined): string {
  if (matcher === undefined || matcher === '' || matcher === '*') return '';
  if (compileRegex(matcher) === undefined)
    return `matcher ${JSON.stringify(matcher)} (not a valid regex: Cursor rejects the file)`;
  if (!Object.hasOwn(MATCHED_BY, event)) return `matcher ${matcher}`;
  const kind = MATCHED_BY[event as MatchedEvent];
  const skipped = skippedBy(kind, matcher);
  if (skipped.length === 0) return `matcher ${matcher}`;
  return `skips ${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? ` +${skipped.length - 3} more` : ''}`;
}

/** The bound events, one line each, with what changed. */
function boundLines(r: InitReport, p: Paint): string[] {
  if (r.plan.events.length === 0) return ['bound: nothing (no catalog has rows Cursor can run)'];
  const out = [`bound: ${r.plan.events.join(', ')}`];
  const w = Math.max(...r.plan.events.map((e) => e.length));
  for (const ev of r.plan.events) {
    const e = r.plan.entries[ev];
    if (!e) continue;
    const mark = r.added.includes(ev) ? p.green(' (new)') : r.updated.includes(ev) ? p.yellow(' (updated)') : '';
    const extra = [
      e.failClosed ? 'failClosed' : '',
      e.loop_limit !== undefined ? `loop_limit ${e.loop_limit}` : '',
      describeMatcher(ev, e.matcher),
    ]
      .filter(Boolean)
      .join(', ');
    out.push(
      `  ${ev.padEnd(w)}  timeout ${String(e.timeout).padStart(3)}s${extra ? `, ${extra}` : ''}  ${p.dim(e.command)}${mark}`,
    );
  }
  return out;
}

/** check's findings and verdict; `from` says how the root was found when it is not the current directory. */
export function renderCheck(
  r: CheckResult,
  p: Paint,
  opts: { verbose: boolean; strict: boolean; from?: string },
): string {
  const out = renderFindings(r.findings, p, { info: opts.verbose });
  if (opts.from) out.unshift(p.dim(`project root ${r.dir} (${opts.from})`));
  const t = tally(r.findings);
  const failed = t.errors > 0 || (opts.strict && t.warnings > 0);
  const info = r.findings.filter((f) => f.severity === 'info').length;
  const cats = r.catalogs.loads.length;
  const what = r.catalog
    ? `${r.catalog.rows.length} rows${cats > 1 ? ` in ${cats} catalogs` : ''}, ${boundCounts(r)}, ${r.mode} bundle`
    : 'catalog unreadable';
  out.push(
    `${failed ? p.red('hookshim check: failed') : p.green('hookshim check: ok')} ${p.dim(
      `(${what}; ${t.text}${info && !opts.verbose ? `; ${notes(info)} with --verbose` : ''})`,
    )}`,
  );
  return `${out.join('\n')}\n`;
}

/** "6 events bound" (Cursor alone, as before hosts), else "6 Cursor events, 5 Copilot events bound". */
function boundCounts(r: CheckResult): string {
  const hosts = r.hosts ?? [{ host: 'cursor', name: 'Cursor', events: r.plan?.events.length ?? 0 }];
  if (hosts.length === 1 && hosts[0]?.host === 'cursor') return `${hosts[0].events} events bound`;
  return `${hosts.map((h) => `${h.events} ${h.name} event${h.events === 1 ? '' : 's'}`).join(', ')} bound`;
}

export function renderDoctor(r: DoctorReport, p: Paint, opts: { verbose: boolean }): string {
  const ok = (b: boolean) => (b ? p.green('✓') : p.red('✗'));
  const out: string[] = [];
  out.push(`${p.bold(`hookshim ${r.hookshim} doctor`)}  ${r.project.dir}`, '');
  out.push(p.bold('environment'));
  const nodeNote =
    r.node.pathVersion && r.node.pathVersion !== r.node.version
      ? `; the node on PATH (${r.node.pathNode}) is ${r.node.pathVersion}`
      : r.node.pathNode
        ? `; on PATH: ${r.node.pathNode}`
        : '; no node on PATH';
  out.push(`  ${ok(r.node.ok && Boolean(r.node.pathNode))} node ${r.node.version} (needs ≥ 20.19${nodeNote})`);
  out.push(`  ${ok(true)} project root ${r.project.dir} ${p.dim(`(from ${r.project.how})`)}`);
  for (const c of r.catalogs)
    out.push(
      `  ${ok(c.rows !== null)} catalog ${c.shown}${
        c.rows !== null ? `: ${c.rows} rows` : `: ${c.error ?? 'unreadable'}`
      } ${p.dim(`(${c.how})`)}`,
    );
  if (r.override)
    out.push(`  ${p.yellow('!')} HOOKSHIM_CATALOG=${r.override}: the hook path here runs only that catalog`);
  out.push(
    `  ${ok(!r.findings.some((f) => f.code === 'config-invalid'))} config ` +
      `.cursor/hookshim.json${r.config.present ? '' : p.dim(' (none: defaults)')}`,
  );
  const holds = r.state.holds
    ? `; holds ${r.state.holds.files} file(s), ${(r.state.holds.bytes / 1024 / 1024).toFixed(1)} MiB, collected after 24 h`
    : '';
  out.push(`  ${ok(r.state.usable)} state directory ${r.state.dir} ${p.dim(`(${r.state.detail}${holds})`)}`);
  const sw = [
    `HOOKSHIM ${r.switches.shim === 'off' ? p.red('=0: shim off') : 'on'}`,
    `trace log ${r.switches.log ? `${r.switches.log}${r.switches.logPayloads ? ' (with payloads)' : ''}` : 'off'}`,
    `debug ${r.switches.debug ? 'on' : 'off'}`,
  ];
  out.push(`  ${ok(r.switches.shim === 'on')} ${sw.join(', ')}`);
  out.push(...loadedLines(r, p));
  out.push(
    '',
    p.bold(`binding (.cursor/hooks.json, ${r.check.mode === 'package' ? 'installed package' : 'vendored bundle'})`),
  );
  if (r.check.hooks.kind === 'absent') out.push(`  ${p.red('✗')} not bound: run \`hookshim init\``);
  else if (r.check.hooks.kind === 'invalid') out.push(`  ${p.red('✗')} ${r.check.hooks.error}`);
  else if (r.bound.length === 0) out.push('  no hookshim entries');
  else {
    const w = Math.max(...r.bound.map((b) => b.event.length));
    for (const b of r.bound) {
      const extra = [
        b.failClosed ? 'failClosed' : '',
        b.loopLimit !== undefined ? `loop_limit ${b.loopLimit}` : '',
        describeMatcher(b.event, b.matcher),
        b.foreign ? `+${b.foreign} foreign entr${b.foreign === 1 ? 'y' : 'ies'}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      out.push(
        `  ${b.event.padEnd(w)}  timeout ${
          b.timeout === null ? '(Cursor default)' : `${String(b.timeout).padStart(3)}s`
        }${extra ? `, ${extra}` : ''}  ${p.dim(b.command)}`,
      );
    }
  }
  out.push('', p.bold('findings'));
  const lines = renderFindings(r.findings, p, { info: opts.verbose });
  out.push(...(lines.length ? lines.map((l) => `  ${l}`) : [`  ${p.green('✓')} nothing to report`]));
  const t = tally(r.findings);
  const info = r.findings.filter((f) => f.severity === 'info').length;
  const more = info && !opts.verbose ? p.dim(`; ${notes(info)} with --verbose`) : '';
  out.push('', `${t.errors ? p.red(t.text) : t.warnings ? p.yellow(t.text) : p.green(t.text)}${more}`);
  return `${out.join('\n')}\n`;
}

/** "Is it loaded?" per bound host (src/commands/loaded.ts), each plugin binding that ran, and Codex's trust. */
function loadedLines(r: DoctorReport, p: Paint): string[] {
  const ok = (b: boolean) => (b ? p.green('✓') : p.red('✗'));
  const out: string[] = [];
  const names = new Map(r.hosts.map((h) => [h.id, h.name]));
  for (const l of r.lastRan.filter((x) => x.binding === 'project'))
    names.set(l.hostId, names.get(l.hostId) ?? l.hostId);
  for (const [id, name] of names) {
    const last = r.lastRan.find((l) => l.binding === 'project' && l.hostId === id);
    if (last)
      out.push(
        `  ${ok(true)} ${name} last ran hookshim ${ago(Date.now() - last.at)} ` +
          p.dim(`(${last.events.map((e) => e.event).join(', ')})`),
      );
    else
      out.push(
        `  ${p.yellow('!')} ${name} never ran hookshim for this project on this machine ${p.dim('(never-ran below)')}`,
      );
  }
  for (const l of r.lastRan.filter((x) => x.binding !== 'project'))
    out.push(`  ${ok(true)} plugin ${l.binding} last ran ${ago(Date.now() - l.at)}`);
  const t = r.codexTrust;
  if (t) {
    const trusted = t.handlers.filter((h) => h.status === 'trusted').length;
    const all = t.project === 'trusted' && trusted === t.handlers.length;
    const what =
      t.read === 'unreadable'
        ? `unknown: ${t.config} cannot be read (codex-config-unreadable below)`
        : `project ${t.project === 'trusted' ? 'trusted' : p.yellow('not trusted')}, ` +
          `${trusted === t.handlers.length ? trusted : p.yellow(String(trusted))} of ${t.handlers.length} handlers trusted`;
    out.push(`  ${all ? ok(true) : p.yellow('!')} Codex trust: ${what} ${p.dim(`(${t.config})`)}`);
  }
  return out;
}

export function renderExplain(r: ExplainReport, p: Paint): string {
  const out: string[] = [];
  out.push(
    `${p.bold(r.event)}  ${p.dim(
      `project ${r.project.dir} (from ${r.project.how}); ` +
        (r.project.plugin !== undefined ? `plugin ${r.project.plugin}; ` : '') +
        `catalog${r.catalogs.length === 1 ? '' : 's'} ${r.catalogs.join(', ') || 'none'}`,
    )}`,
  );
  if (!r.handled) {
    out.push(`hookshim does not handle ${r.event}: ${r.unhandled}`);
    return `${out.join('\n')}\n`;
  }
  out.push(p.dim(`${r.host.name} timeout ${r.binding.timeoutS}s (${r.binding.source})`));
  for (const n of r.notes) out.push(`${p.yellow('note:')} ${n}`);
  for (const inv of r.invocations) out.push(...renderInvocation(inv, p));
  if (r.otherRows.length) {
    out.push('', p.dim(`other rows (not run by ${r.event}):`));
    for (const row of r.otherRows) out.push(p.dim(`    ${rowName(row)}  ${row.reason ?? ''}`));
  }
  if (!r.run) {
    const n = r.invocations.flatMap((i) => i.rows).filter((x) => x.status === 'selected').length;
    out.push(
      '',
      p.dim(`nothing was run${n ? ` (add --run to run the ${n} selected script${n === 1 ? '' : 's'})` : ''}`),
    );
    return `${out.join('\n')}\n`;
  }
  out.push('', p.bold('results'));
  if (r.run.scripts.length === 0) out.push(p.dim('  no script ran'));
  for (const s of r.run.scripts) {
    const status = s.timedOut
      ? p.red('timed out')
      : s.exit === null
        ? p.red(`killed${s.signal ? ` by ${s.signal}` : ''}`)
        : s.exit === 0
          ? `exit 0`
          : s.exit === 2
            ? p.red('exit 2')
            : p.yellow(`exit ${s.exit}`);
    out.push(`  ${s.label}  ${status}  ${s.ms} ms  ${p.dim(s.catalog ? `${s.catalog} ${s.locator}` : s.locator)}`);
    out.push(`    → ${s.verdict}`);
    for (const [name, text] of [
      ['stdout', s.stdout],
      ['stderr', s.stderr],
    ] as const)
      for (const l of text.split('\n').filter(Boolean).slice(0, 8)) out.push(p.dim(`    ${name} │ ${l}`));
  }
  out.push('', `${p.bold(`${r.host.name} answer`)} ${p.cyan(JSON.stringify(r.run.answer))}`);
  for (const n of r.run.notes) out.push(p.dim(`  note: ${n}`));
  for (const e of r.run.effects) out.push(p.dim(`  state: would ${e}`));
  return `${out.join('\n')}\n`;
}
/** One Claude invocation of an explained event: the payloads it gets and what each row does. */
function renderInvocation(inv: ExplainReport['invocations'][number], p: Paint): string[] {
  const out: string[] = [];
  out.push(
    '',
    `${p.bold(`→ ${inv.claudeEvent}`)}${inv.values.length ? `  matcher values tried: ${inv.values.join(', ')}` : ''}`,
  );
  for (const pl of inv.payloads) {
    out.push(p.dim(`  Claude stdin${pl.as && inv.payloads.length > 1 ? ` (as ${pl.as})` : ''}:`));
    out.push(
      ...JSON.stringify(pl.payload, null, 2)
        .split('\n')
        .map((l) => `    ${l}`),
    );
  }
  out.push('  rows:');
  if (inv.rows.length === 0) out.push(p.dim(`    (the catalog has no ${inv.claudeEvent} rows)`));
  for (const row of inv.rows) {
    const mark =
      row.status === 'selected'
        ? p.green('✓ runs   ')
        : row.status === 'skipped'
          ? p.yellow('✗ skipped')
          : row.status === 'gated'
            ? p.yellow('✗ gated  ')
            : p.dim('· no     ');
    const why =
      row.status === 'selected'
        ? row.matchedValue
          ? `matched ${row.matchedValue}${row.matcher !== undefined ? ` (matcher ${JSON.stringify(row.matcher)})` : ''}`
          : `${inv.claudeEvent} has no matcher to test: runs every time`
        : (row.reason ?? '');
    out.push(`    ${mark} ${rowName(row)}  ${p.dim(why)}`);
  }
  return out;
}

export function renderReplay(r: ReplayReport, p: Paint, strict: boolean): string {
  const out: string[] = [];
  out.push(`${p.bold('hookshim replay')} ${r.file} ${p.dim(`(bundle ${r.bundle})`)}`);
  for (const e of r.events) {
    const what = `${e.event}${e.tool ? ` ${e.tool}` : ''}${e.toolUseId ? ` ${e.toolUseId}` : ''}`;
    const at = p.dim(`line ${e.line}`);
    if (e.status === 'skipped') out.push(`  ${p.dim('-')} ${at} ${what}  ${p.dim(e.detail ?? '')}`);
    else if (e.status === 'error') out.push(`  ${p.red('!')} ${at} ${what}  ${e.detail}`);
    else if (e.status === 'same') out.push(`  ${p.green('=')} ${at} ${what}  ${p.dim(JSON.stringify(e.after))}`);
    else {
      out.push(
        `  ${e.status === 'changed' ? p.red('≠') : p.yellow('~')} ${at} ${what}  ` +
          `${e.status === 'changed' ? 'decision changed' : 'same decision, different wording'}`,
      );
      out.push(`      was ${JSON.stringify(e.before)}`, `      now ${JSON.stringify(e.after)}`);
    }
  }
  const c = r.counts;
  if (r.unreadable.count)
    out.push(
      p.yellow(
        `  ${r.unreadable.count} unreadable line${r.unreadable.count === 1 ? '' : 's'} skipped: ${r.unreadable.examples.join('; ')}`,
      ),
    );
  const bad = c.changed + c.error + (strict ? c.wording : 0);
  out.push(
    `${bad ? p.red('replay:') : p.green('replay:')} ${c.same} same, ${c.wording} wording only, ${c.changed} ` +
      `changed, ${c.error} errors, ${c.skipped} skipped`,
  );
  return `${out.join('\n')}\n`;
}

/** "hooks/hooks.json PreToolUse[0].hooks[0]  <command as written> (script hooks/deny-force-push.sh)". */
function rowName(row: ExplainedRow): string {
  const script = row.script !== undefined && row.script !== row.command ? ` (script ${row.script})` : '';
  return `${row.catalog ? `${row.catalog} ` : ''}${row.locator}  ${row.command}${script}`;
}

function notes(n: number): string {
  return `${n} note${n === 1 ? '' : 's'}`;
}
