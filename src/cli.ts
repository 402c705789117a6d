// Entry of the `hookshim` bin: a Cursor event name runs the hook path (no yargs loaded);
// anything else is a management command, loaded lazily.
import { isHandledEvent } from '../adapters/events.ts';
import { runHook } from './hook.ts';

const startedAt = Math.round(performance.timeOrigin);
// process.stdin is a getter that builds a stream: only touched when the fast read of fd 0 is not enough.
const io = {
  env: process.env,
  cwd: process.cwd(),
  get stdin() {
    return process.stdin;
  },
  stdinFd: 0,
  startedAt,
};
const first = process.argv[2];

if (first !== undefined && (isHandledEvent(first) || /^[a-z]+[A-Z][A-Za-z]*$/.test(first))) {
  // camelCase words are Cursor event names: always answer with JSON, even for an event hookshim does not handle.
  runHook(first, io).then(
    (code) => process.exit(code),
    () => process.exit(0),
  );
} else {
  import('./commands/main.ts').then(
    (m) => m.main(process.argv.slice(2)),
    (err: unknown) => {
      process.stderr.write(`hookshim: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}
