// Management commands (yargs is loaded only here, never on the hook path). `run` takes argv and an IO and
// returns the exit code, so tests drive it in-process; `main` is the bin's thin wrapper.
import fs from 'node:fs';
import path from 'node:path';
import yargs, { type Argv } from 'yargs';
import { HOST_IDS } from '../../adapters/hosts/registry.ts';
import { VERSION } from '../hook/version.ts';
import { PROJECT_POLICIES, resolveProject } from '../project/paths.ts';
import { optionWithoutValue, withSuggestions, type KnownOptions } from './argv.ts';
import { checkExit, runChecks } from './check.ts';
import { doctor } from './doctor.ts';
import { explain } from './explain.ts';
import { checkPlugin, initPlugin, renderPlugin } from './initPlugin.ts';
import { CommandError, cliIO, EXIT, json, paint, tally, type CliIO } from './io.ts';
import { renderCheck, renderDoctor, renderExplain, renderReplay } from './render.ts';
import { replay } from './replay.ts';
import { remember, type Ctx } from './cliContext.ts';
import { initRun } from './initHostsRun.ts';
import { uninstallCommand, uninstallRun } from './uninstallCommand.ts';

const EPILOGUE = `Exit codes:
  0   done, nothing wrong
  1   problems found (check, doctor, and init in what it bound), or replayed decisions changed (replay)
  2   usage error: unknown command or option, an option given no value, a payload that is not a JSON object
  3   cannot proceed: no catalog, unreadable .cursor/hooks.json or .cursor/hookshim.json, bundle missing, write failed
  70  hookshim itself crashed (a bug)
Every case, per command: docs/tooling.md "Exit codes". With --json a failure is one JSON document too:
{"ok": false, "exitCode": N, "error": "..."}.

Hook path: \`hookshim <cursorEvent> < payload.json\` (e.g. preToolUse) answers Cursor; .cursor/hooks.json runs the bundle.
Environment: HOOKSHIM=0 turns the shim off (allow / {}), HOOKSHIM_DEBUG=1 explains on stderr,
HOOKSHIM_LOG=<file> appends one NDJSON record per event (HOOKSHIM_LOG_PAYLOADS=1 adds payloads, for replay),
HOOKSHIM_CATALOG=<file> runs another catalog on this machine only (init records it instead), \
HOOKSHIM_STATE_DIR=<dir> moves the state directory.
Colours only on a terminal; never with NO_COLOR.`;

/** Run one management command; resolves to its exit code and never throws. */
export async function run(argv: string[], io: CliIO): Promise<number> {
  let code: number = EXIT.ok;
  const out = (s: string) => io.stdout.write(s);
  const color = paint(io.stdout, io.env);
  const c: Ctx = { io, out, color, setCode: (n) => (code = n), options: { names: ['help', 'version'], valued: [] } };
  const cli = [initCommand, uninstallCommand, checkCommand, doctorCommand, explainCommand, replayCommand]
    .reduce((y, add) => add(y, c), yargs(argv) as Argv)
    .scriptName('hookshim')
    .usage(
      '$0 <command> [options]\n\nRun an unchanged Claude Code hook catalog (hooks/hooks.json, ' +
        '.claude/settings.json, vendored plugins) under Cursor: desktop, CLI and Cloud agents.',
    )
    .demandCommand(1, 'Name a command, or a Cursor event (e.g. `hookshim preToolUse < payload.json`).')
    .middleware(() => {
      const bare = optionWithoutValue(argv, c.options.valued);
      if (bare !== undefined)
        throw new CommandError(
          `--${bare} needs a value (\`hookshim ${argv[0] ?? ''} --help\` says what it takes)`,
          EXIT.usage,
        );
    })
    .recommendCommands()
    .strict()
    .version(VERSION)
    .help()
    .alias('h', 'help')
    .alias('V', 'version')
    .epilogue(EPILOGUE)
    .wrap(Math.min(110, (io.stdout as { columns?: number }).columns ?? 100))
    .exitProcess(false)
    .fail((msg, err) => {
      throw err ?? new CommandError(usageMessage(msg, argv, c.options), EXIT.usage);
    });
  try {
    let shown = '';
    await cli.parseAsync(argv, {}, (_err, _argv, output) => {
      shown = output;
    });
    if (shown) out(`${shown}\n`);
    return code;
  } catch (err) {
    if (err instanceof CommandError) {
      if (wantsJson(argv)) out(json({ ok: false, exitCode: err.exitCode, error: err.message }));
      io.stderr.write(
        `hookshim: ${err.message}${err.exitCode === EXIT.usage ? '\nRun `hookshim --help` for usage.' : ''}\n`,
      );
      return err.exitCode;
    }
    if (wantsJson(argv)) out(json({ ok: false, exitCode: EXIT.internal, error: `internal error: ${String(err)}` }));
    io.stderr.write(
      `hookshim: internal error (a bug; please report it with this output): ${(err as Error)?.stack ?? String(err)}\n`,
    );
    return EXIT.internal;
  }
}

/** A yargs usage message, made plain: an unknown option with the nearest known one, an unknown command named. */
function usageMessage(msg: string, argv: readonly string[], options: KnownOptions): string {
  if (/^Did you mean /.test(msg)) return `unknown command ${argv[0]}: ${msg.replace(/^Did/, 'did')}`;
  return withSuggestions(msg, options.names, argv);
}

/** --json was asked for: a failure is one JSON document on stdout too. */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--json' || a === '--json=true');
}

/** `hookshim init`. */
function initCommand(cli: Argv, c: Ctx): Argv {
  return cli.command(
    'init [dir]',
    'Bind the catalogs in .cursor/hooks.json (merging: other entries are kept), record them in ' +
      '.cursor/hookshim.json, vendor the hook bundle, then check what was bound',
    (y) =>
      remember(
        c,
        y
          .positional('dir', {
            type: 'string',
            default: '.',
            describe: 'a folder of the repository (init binds the repository root, where Cursor loads .cursor/)',
          })
          .option('catalog', {
            type: 'string',
            array: true,
            describe:
              'also run this catalog: a plugin folder, a hooks.json or a Claude settings file (repeatable; ' +
              'recorded in .cursor/hookshim.json)',
          })
          .option('here', {
            type: 'boolean',
            default: false,
            describe: 'bind DIR itself even inside a larger repository (a package you open alone in Cursor)',
          })
          .option('package', {
            type: 'boolean',
            describe:
              'run the shim from node_modules/hookshim instead of a vendored .cursor/hooks/hookshim.cjs ' +
              '(default: keep the current mode, else vendored)',
          })
          .option('plugin', {
            type: 'boolean',
            default: false,
            describe:
              'make a Claude plugin repository a Cursor plugin too: .cursor-plugin/plugin.json, hooks.json and ' +
              'the bundle per plugin (docs/plugins.md)',
          })
          .option('host', {
            type: 'string',
            describe:
              'the hosts to bind: cursor, copilot, codex, or several as cursor,copilot (default: the hosts bound now, else cursor)',
          })
          .option('remove', {
            type: 'boolean',
            default: false,
            describe: 'take out what init added: hookshim uninstall',
          })
          .option('dry-run', {
            type: 'boolean',
            default: false,
            describe: 'list each file as new / changed / unchanged, with a diff of what would change; write nothing',
          })
          .option('json', {
            type: 'boolean',
            default: false,
            describe: "print the report (and check's findings) as JSON",
          })
          .example('$0 init', 'bind the repository: hooks/hooks.json and .claude/settings.json are found by themselves')
          .example(
            '$0 init --catalog plugins/hookify',
            'also run a vendored plugin, with ${CLAUDE_PLUGIN_ROOT} = plugins/hookify',
          )
          .example('$0 init --package', 'bind it to the installed package (add hookshim to devDependencies)')
          .example('$0 init --plugin', 'a Claude plugin repository: write its Cursor plugin files too')
          .example('$0 init ../app --dry-run', 'show what binding ../app would change'),
      ),
    (args) => {
      if (args.remove) return uninstallRun(c, { ...args, dir: args.dir });
      if (args.plugin) return initPluginCommand(c, { dir: args.dir, dryRun: args['dry-run'], json: args.json });
      initRun(c, args);
    },
  );
}

/** `hookshim init --plugin`: its report, and exit 1 on an error in a plugin's rows. */
function initPluginCommand(c: Ctx, args: { dir: string; dryRun: boolean; json: boolean }): void {
  const report = initPlugin({ dir: path.resolve(c.io.cwd, args.dir), dryRun: args.dryRun });
  const t = tally(report.findings);
  c.setCode(t.errors > 0 ? EXIT.problems : EXIT.ok);
  c.out(args.json ? json({ ok: t.errors === 0, ...report }) : renderPlugin(report, { dryRun: args.dryRun }));
}

/** `hookshim check`. */
function checkCommand(cli: Argv, c: Ctx): Argv {
  return cli.command(
    'check [dir]',
    'CI check: binding in sync and not ignored by git, bundle current, scripts present and executable, their programs on ' +
      'PATH, hand-written entries running the catalog again, matchers, `if` rules, timeouts, conventions',
    (y) =>
      remember(
        c,
        y
          .positional('dir', {
            type: 'string',
            describe: 'repository root (default: CURSOR_PROJECT_DIR, else the repository the current directory is in)',
          })
          .option('json', { type: 'boolean', default: false, describe: 'print the findings as JSON' })
          .option('strict', { type: 'boolean', default: false, describe: 'warnings fail too' })
          .option('verbose', { type: 'boolean', alias: 'v', default: false, describe: 'also print info notes' })
          .option('plugin', {
            type: 'boolean',
            default: false,
            describe: 'check the Cursor plugin files init --plugin writes (fails when they drift)',
          })
          .example('$0 check', 'fail (exit 1) when anything is wrong')
          .example('$0 check --strict --json', 'machine-readable, warnings fail too'),
      ),
    (args) => {
      const given = args.dir !== undefined ? { given: { dir: path.resolve(c.io.cwd, args.dir), how: 'DIR' } } : {};
      const { dir, how } = resolveProject(c.io, { ...PROJECT_POLICIES.check, ...given });
      const from = args.dir === undefined && dir !== path.resolve(c.io.cwd) ? { from: how } : {};
      if (args.plugin) {
        const { report, findings } = checkPlugin({ dir });
        const t = tally(findings);
        c.setCode(t.errors > 0 || (args.strict && t.warnings > 0) ? EXIT.problems : EXIT.ok);
        c.out(
          args.json ? json({ ok: t.errors === 0, ...report, findings }) : renderPlugin(report, { check: findings }),
        );
        return;
      }
      const result = runChecks({ dir, env: c.io.env });
      const t = tally(result.findings);
      const code = checkExit(result, result.findings, args.strict);
      c.setCode(code);
      if (args.json)
        c.out(
          json({
            ok: code === EXIT.ok,
            dir: result.dir,
            catalogs: result.catalogs.loads.map((l) => l.source.shown),
            mode: result.mode,
            events: result.plan?.events ?? [],
            errors: t.errors,
            warnings: t.warnings,
            findings: result.findings,
          }),
        );
      else c.out(renderCheck(result, c.color, { verbose: args.verbose, strict: args.strict, ...from }));
    },
  );
}

/** `hookshim doctor`. */
function doctorCommand(cli: Argv, c: Ctx): Argv {
  return cli.command(
    'doctor [dir]',
    'Human view of check, plus this machine: Node, project root, state directory, switches, double binding',
    (y) =>
      remember(
        c,
        y
          .positional('dir', {
            type: 'string',
            describe: 'repository root (default: CURSOR_PROJECT_DIR, else the repository the current directory is in)',
          })
          .option('json', { type: 'boolean', default: false, describe: 'print the report as JSON' })
          .option('verbose', { type: 'boolean', alias: 'v', default: false, describe: 'also print info notes' })
          .example('$0 doctor', 'is hookshim healthy here?')
          .example('$0 doctor --json | jq .findings', 'the findings, for a script'),
      ),
    (args) => {
      const report = doctor({ ...(args.dir !== undefined ? { dir: args.dir } : {}), env: c.io.env, cwd: c.io.cwd });
      c.setCode(checkExit(report.check, report.findings, false));
      if (args.json) {
        const { check, ...rest } = report;
        c.out(json({ ...rest, mode: check.mode, events: check.plan?.events ?? [] }));
      } else c.out(renderDoctor(report, c.color, { verbose: args.verbose }));
    },
  );
}

/** `hookshim explain`. */
function explainCommand(cli: Argv, c: Ctx): Argv {
  return cli.command(
    'explain [payload]',
    'What hookshim does with one Cursor payload: the Claude stdin, which rows run and why not; --run runs them',
    (y) =>
      remember(
        c,
        y
          .positional('payload', { type: 'string', describe: 'payload file (default: stdin)' })
          .option('event', {
            type: 'string',
            describe: "the host's event (default: the payload's hook_event_name; Copilot's payloads name none)",
          })
          .option('host', {
            type: 'string',
            choices: [...HOST_IDS],
            describe: 'the host that sent the payload (default: the bound host that has the event, else cursor)',
          })
          .option('dir', {
            type: 'string',
            describe:
              "project root (default: CURSOR_PROJECT_DIR, else the payload's workspace_roots[0], else the current directory)",
          })
          .option('plugin', {
            type: 'string',
            describe:
              "a Cursor plugin's folder (init --plugin): explain as its binding runs it, its own catalog and hooks.json",
          })
          .option('run', {
            type: 'boolean',
            default: false,
            describe:
              'run the selected scripts and show their results and the Cursor answer (without it, nothing is executed)',
          })
          .option('json', { type: 'boolean', default: false, describe: 'print the report as JSON' })
          .example('$0 explain < payload.json', 'which guards would run, and why the others would not')
          .example('$0 explain --run payload.json', 'run them and show the answer Cursor would get')
          .example('$0 explain --event stop --dir . < p.json', 'explain p.json as a stop event of this repo')
          .example('$0 explain --host copilot --event preToolUse p.json', 'explain a Copilot payload'),
      ),
    async (args) => {
      const text = await readPayloadText(args.payload, c.io);
      const report = await explain({
        payloadText: text,
        ...(args.event ? { event: args.event } : {}),
        ...(args.host ? { host: args.host } : {}),
        ...(args.dir !== undefined ? { dir: args.dir } : {}),
        ...(args.plugin !== undefined ? { plugin: args.plugin } : {}),
        run: args.run,
        env: c.io.env,
        cwd: c.io.cwd,
      });
      c.out(args.json ? json(report) : renderExplain(report, c.color));
    },
  );
}

/** `hookshim replay`. */
function replayCommand(cli: Argv, c: Ctx): Argv {
  return cli.command(
    'replay <file>',
    'Re-run the events of a HOOKSHIM_LOG trace (recorded with HOOKSHIM_LOG_PAYLOADS=1) against the current catalog; compare the answers',
    (y) =>
      remember(
        c,
        y
          .positional('file', { type: 'string', demandOption: true, describe: 'NDJSON trace written by HOOKSHIM_LOG' })
          .option('dir', {
            type: 'string',
            describe:
              "project root for every event (default: the payload's workspace_roots[0] if it exists here, else the current directory)",
          })
          .option('bundle', {
            type: 'string',
            describe: 'hook bundle to run (default: the one this CLI ships; e.g. .cursor/hooks/hookshim.cjs)',
          })
          .option('plugin', {
            type: 'string',
            describe: "a Cursor plugin's folder (init --plugin): replay through its own bundle and hooks.json",
          })
          .option('event', { type: 'string', describe: "only replay this event (the host's name of it)" })
          .option('host', {
            type: 'string',
            choices: [...HOST_IDS],
            describe:
              "replay every event as this host's (default: each record's own, else the bound host, else cursor)",
          })
          .option('strict', {
            type: 'boolean',
            default: false,
            describe: 'a wording-only change (same decision, different text) fails too',
          })
          .option('json', { type: 'boolean', default: false, describe: 'print the report as JSON' })
          .example('$0 replay ~/.local/state/hookshim/trace.ndjson', 'would the edited catalog decide the same?')
          .example('$0 replay t.ndjson --bundle .cursor/hooks/hookshim.cjs', 'replay through the vendored bundle')
          .epilogue(
            'Record a session first: HOOKSHIM_LOG=~/.local/state/hookshim/trace.ndjson HOOKSHIM_LOG_PAYLOADS=1 ' +
              'cursor . (a private path: the log holds payloads)',
          ),
      ),
    async (args) => {
      const report = await replay({
        file: args.file,
        ...(args.dir !== undefined ? { dir: args.dir } : {}),
        ...(args.bundle ? { bundle: args.bundle } : {}),
        ...(args.plugin !== undefined ? { plugin: args.plugin } : {}),
        ...(args.event ? { event: args.event } : {}),
        ...(args.host ? { host: args.host } : {}),
        env: c.io.env,
        cwd: c.io.cwd,
      });
      const replayed = report.events.filter((e) => e.status !== 'skipped').length;
      if (replayed === 0)
        throw new CommandError(
          `nothing to replay in ${report.file}: ${
            report.events.length ? 'no record has a payload (trace with HOOKSHIM_LOG_PAYLOADS=1)' : 'no records'
          }${report.unreadable.count ? `; ${report.unreadable.count} unreadable lines` : ''}`,
        );
      const n = report.counts;
      c.setCode(n.changed + n.error + (args.strict ? n.wording : 0) > 0 ? EXIT.problems : EXIT.ok);
      c.out(args.json ? json(report) : renderReplay(report, c.color, args.strict));
    },
  );
}

/** The bin's entry: real process streams; sets process.exitCode. */
export async function main(argv: string[]): Promise<void> {
  process.exitCode = await run(argv, cliIO());
}

/** The payload text: a file, or stdin (not a terminal). */
async function readPayloadText(file: string | undefined, io: CliIO): Promise<string> {
  if (file !== undefined && file !== '-') {
    try {
      return fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
    } catch (err) {
      throw new CommandError(`cannot read the payload ${file}: ${(err as Error).message}`, EXIT.usage);
    }
  }
  if (io.stdin.isTTY)
    throw new CommandError('pipe a Cursor payload in (hookshim explain < payload.json) or name a file', EXIT.usage);
  const chunks: Buffer[] = [];
  for await (const c of io.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
