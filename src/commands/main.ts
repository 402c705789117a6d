// Management commands (yargs is loaded only here, never on the hook path).
import yargs from 'yargs';
import { VERSION } from '../version.ts';
import { init, InitError } from './init.ts';

/** Parse argv and run one management command; sets process.exitCode. */
export async function main(argv: string[]): Promise<void> {
  const cli = yargs(argv)
    .scriptName('hookshim')
    .usage('$0 <command> [options]\n\nRun an unchanged Claude Code hook catalog (hooks/hooks.json) under Cursor.')
    .command(
      'init [dir]',
      'Bind the repo\'s Claude catalog in .cursor/hooks.json and vendor the shim into .cursor/hooks/',
      (y) =>
        y
          .positional('dir', { type: 'string', default: '.', describe: 'repository root' })
          .option('package', { type: 'boolean', default: false, describe: 'run the shim from node_modules/hookshim instead of vendoring it' })
          .example('$0 init', 'bind the current repository')
          .example('$0 init ../my-repo --package', 'bind another repo, using the installed package'),
      (args) => {
        try {
          const report = init({ dir: args.dir as string, mode: args.package ? 'package' : 'vendored', env: process.env });
          const out: string[] = [];
          out.push(report.plan.events.length ? `bound: ${report.plan.events.join(', ')}` : 'bound: nothing (the catalog has no rows Cursor can run)');
          for (const ev of report.plan.events) {
            const e = report.plan.entries[ev];
            if (e) out.push(`  ${ev}: ${e.command} (timeout ${e.timeout}s${e.loop_limit !== undefined ? `, loop_limit ${e.loop_limit}` : ''})`);
          }
          if (report.plan.never.length) {
            out.push('can never run under Cursor:');
            for (const n of report.plan.never) out.push(`  ${n.locator}: ${n.reason}`);
          }
          for (const w of report.warnings) out.push(`warning: ${w}`);
          out.push(report.changed.length ? `wrote: ${report.changed.join(', ')}` : 'unchanged: everything was already up to date');
          process.stdout.write(`${out.join('\n')}\n`);
        } catch (err) {
          if (!(err instanceof InitError)) throw err;
          process.stderr.write(`hookshim init: ${err.message}\n`);
          process.exitCode = 1;
        }
      },
    )
    .demandCommand(1, 'Name a command, or a Cursor event (e.g. `hookshim preToolUse < payload.json`).')
    .strict()
    .version(VERSION)
    .help()
    .alias('h', 'help')
    .exitProcess(false)
    .fail((msg, err) => {
      if (err) throw err;
      process.stderr.write(`${msg}\n\nRun \`hookshim --help\` for usage.\n`);
      process.exitCode = 2;
    });
  await cli.parseAsync();
}
