// Entry of the `hookshim` bin: a Cursor event name runs the hook path (no yargs loaded);
// anything else is a management command, loaded lazily.
import { isHandledEvent } from '../../adapters/eventMap.ts';
import { exitAfter } from '../hook/lifeline.ts';
import { hookIO, runHook } from '../hook/run.ts';

const first = process.argv[2];

if (first !== undefined && (isHandledEvent(first) || /^[a-z]+[A-Z][A-Za-z]*$/.test(first))) {
  // camelCase words are Cursor event names: always answer with JSON, even for an event hookshim does not handle.
  exitAfter(runHook(first, hookIO()), first);
} else {
  import('../commands/main.ts').then(
    (m) => m.main(process.argv.slice(2)),
    (err: unknown) => {
      process.stderr.write(`hookshim: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}
