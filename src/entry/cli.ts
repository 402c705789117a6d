// Entry of the `hookshim` bin: a Cursor event name runs the hook path (no yargs loaded);
// anything else is a management command, loaded lazily.
import { isHostEvent, takeHostArgs } from '../hook/host.ts';
import { exitAfter } from '../hook/lifeline.ts';
import { hookIO, runHook } from '../hook/run.ts';

const first = process.argv[2];

if (first === '--host' || (first !== undefined && (isHostEvent(first) || /^[a-z]+[A-Z][A-Za-z]*$/.test(first)))) {
  // `--host` and camelCase words are host event names: always answer with JSON, even for an event hookshim does not handle.
  const { event, hostId } = takeHostArgs(process.argv.slice(2));
  exitAfter(runHook(event, hookIO(), hostId), event);
} else {
  import('../commands/main.ts').then(
    (m) => m.main(process.argv.slice(2)),
    (err: unknown) => {
      process.stderr.write(`hookshim: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}
