// What every command's handler of the bin shares (src/commands/main.ts builds it once per run).
import type { Argv } from 'yargs';
import { optionsOf, type KnownOptions } from './argv.ts';
import type { CliIO, Paint } from './io.ts';

/** What every command's handler writes to and sets. */
export interface Ctx {
  io: CliIO;
  out(s: string): void;
  color: Paint;
  setCode(code: number): void;
  /** The options of the command being parsed (its builder records them). */
  options: KnownOptions;
}

/** Record the options a command's builder declared (for did-you-mean and options given no value); returns it. */
export function remember<T>(c: Ctx, y: Argv<T>): Argv<T> {
  c.options = optionsOf(y);
  return y;
}
