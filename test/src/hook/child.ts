// Shared by the hook specs whose module acts on the whole process (emit writes fd 1 once per process, the lifeline installs
// signal handlers and exits): the hook modules bundled into one ES module with esbuild, and tiny workers run against it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** What the bundle exports: every name a worker may import. */
const EXPORTS: Record<string, string[]> = {
  'src/hook/emit.ts': ['emit', 'emitted'],
  'src/hook/lifeline.ts': ['installLifeline', 'exitAfter'],
  'src/hook/finish.ts': ['finishLean'],
  'src/hook/matched.ts': ['EventWork'],
  'src/hook/jobs.ts': ['RowPrep', 'toJob', 'notStarted'],
  'src/hook/run.ts': ['runHook', 'hookIO', 'planAndSelect'],
  'src/hook/setup.ts': ['setUp', 'readPayload'],
  'src/hook/host.ts': ['takeHostArgs'],
  'adapters/events/index.ts': ['ADAPTERS'],
};

export interface Workbench {
  dir: string;
  /** The bundle, for a worker's `import { … } from <bundle>`. */
  bundle: string;
  /** Run a worker (ES module source; `BUNDLE` in it is replaced by the bundle's path) to its end. */
  run(source: string, opts?: { env?: NodeJS.ProcessEnv; input?: string; args?: string[] }): Exited;
  /** Start a worker; resolves once it wrote `ready` on stderr, with a way to signal it and wait for its end. */
  start(
    source: string,
    opts?: { env?: NodeJS.ProcessEnv },
  ): Promise<{ pid: number; signal(sig: NodeJS.Signals): void; exited: Promise<Exited> }>;
  cleanup(): void;
}

export interface Exited {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A temp dir holding one bundle of the hook modules (one module instance each, as in the real bundle). */
export async function workbench(): Promise<Workbench> {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookshim-child-')));
  const entry = path.join(dir, 'entry.ts');
  fs.writeFileSync(
    entry,
    Object.entries(EXPORTS)
      .map(([file, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(path.join(ROOT, file))};`)
      .join('\n'),
  );
  const bundle = path.join(dir, 'hook.mjs');
  await esbuild.build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    // execa's CommonJS dependencies require node built-ins, as in the CLI build (scripts/build.mjs).
    banner: { js: "import { createRequire as __req } from 'node:module'; const require = __req(import.meta.url);" },
  });
  let n = 0;
  const write = (source: string) => {
    const file = path.join(dir, `worker-${++n}.mjs`);
    fs.writeFileSync(file, source.replaceAll('BUNDLE', JSON.stringify(bundle)));
    return file;
  };
  const baseEnv = (env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: dir, ...env });
  return {
    dir,
    bundle,
    run(source, opts = {}) {
      const r = spawnSync(process.execPath, [write(source), ...(opts.args ?? [])], {
        cwd: dir,
        env: baseEnv(opts.env),
        input: opts.input ?? '',
        encoding: 'utf8',
        timeout: 20_000,
      });
      return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
    },
    start(source, opts = {}) {
      const child = spawn(process.execPath, [write(source)], {
        cwd: dir,
        env: baseEnv(opts.env),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      const exited = new Promise<Exited>((resolve) =>
        child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr })),
      );
      return new Promise((resolve, reject) => {
        child.stderr.on('data', (c) => {
          const before = stderr;
          stderr += c;
          if (!before.includes('ready\n') && stderr.includes('ready\n'))
            resolve({ pid: child.pid as number, signal: (sig) => child.kill(sig), exited });
        });
        void exited.then((e) => reject(new Error(`worker ended before it was ready: ${JSON.stringify(e)}`)));
      });
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
