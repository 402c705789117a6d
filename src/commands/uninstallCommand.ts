// `hookshim uninstall` (and `init --remove`) on the command line: its options and its report (./uninstall.ts does it).
import path from 'node:path';
import type { Argv } from 'yargs';
import { remember, type Ctx } from './cliContext.ts';
import { EXIT, json } from './io.ts';
import { renderUninstall, uninstall } from './uninstall.ts';

/** `hookshim uninstall` (and `init --remove`). */
export function uninstallCommand(cli: Argv, c: Ctx): Argv {
  return cli.command(
    'uninstall [dir]',
    'Take out exactly what init added: its entries of .cursor/hooks.json, the bundle and forwarder, the catalogs ' +
      'list of .cursor/hookshim.json (--plugin: the Cursor plugin files); entries and keys of yours stay',
    (y) =>
      remember(
        c,
        y
          .positional('dir', {
            type: 'string',
            default: '.',
            describe: 'a folder of the repository (the binding at its root is taken out, as init bound it)',
          })
          .option('here', { type: 'boolean', default: false, describe: 'DIR itself was bound with init --here' })
          .option('plugin', {
            type: 'boolean',
            default: false,
            describe: 'take out what init --plugin wrote in each plugin folder and .cursor-plugin/marketplace.json',
          })
          .option('dry-run', { type: 'boolean', default: false, describe: 'show what would be removed; write nothing' })
          .option('json', { type: 'boolean', default: false, describe: 'print the report as JSON' })
          .example('$0 uninstall --dry-run', 'what would be taken out')
          .example('$0 uninstall && git add -A .cursor && git commit -m "Unbind hookshim"', 'unbind the repository')
          .example('$0 uninstall --plugin', 'a plugin repository: take out its Cursor plugin files')
          .epilogue(
            'Exit codes: 0 taken out, or nothing was bound ("nothing to remove"); 2 usage error; 3 a file it would ' +
              'rewrite cannot be read (nothing is changed then), or a write failed; 70 a bug.',
          ),
      ),
    (args) => uninstallRun(c, args),
  );
}

/** Run uninstall for the command line's arguments and print its report. */
export function uninstallRun(
  c: Ctx,
  args: { dir: string; here: boolean; plugin: boolean; 'dry-run': boolean; json: boolean },
): void {
  const dryRun = args['dry-run'];
  const report = uninstall({ dir: path.resolve(c.io.cwd, args.dir), here: args.here, plugin: args.plugin, dryRun });
  c.setCode(EXIT.ok);
  c.out(args.json ? json({ ok: true, dryRun, ...report }) : renderUninstall(report, c.color, dryRun));
}
