// @ts-check
// The machine a bench ran on, for the README next to its table: nproc, CPU model, RAM, node, OS, load, date.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const read = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** Facts that do not change during a run. */
export function machineFacts() {
  const cpuinfo = read('/proc/cpuinfo');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? '?';
  const mhz = /^cpu MHz\s*:\s*([\d.]+)$/m.exec(cpuinfo)?.[1];
  const memKb = Number(/^MemTotal:\s*(\d+) kB$/m.exec(read('/proc/meminfo'))?.[1] ?? os.totalmem() / 1024);
  const nproc = spawnSync('nproc', { encoding: 'utf8' });
  const osName = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(read('/etc/os-release'))?.[1] ?? os.type();
  return {
    nproc: nproc.status === 0 ? Number(nproc.stdout.trim()) : os.availableParallelism(),
    cpu: mhz ? `${model} (${Math.round(Number(mhz))} MHz)` : model,
    ramGiB: memKb / 1024 / 1024,
    node: process.version,
    os: `${osName}, ${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function loadAverage() {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** Markdown list of the facts (load at start and end of the run). */
export function factsMarkdown(f, loadStart, loadEnd) {
  return [
    `- CPU: ${f.cpu}, \`nproc\` ${f.nproc}`,
    `- RAM: ${f.ramGiB.toFixed(1)} GiB`,
    `- Node: ${f.node}; OS: ${f.os}; NODE_EXTRA_CA_CERTS ` +
      `${process.env.NODE_EXTRA_CA_CERTS ? `set (${process.env.NODE_EXTRA_CA_CERTS})` : 'not set'}`,
    `- Load average (1/5/15 min): ${loadStart} at start, ${loadEnd} at end`,
    `- Date: ${f.date}`,
    ...(f.build ? [`- Measured: ${f.build}`] : []),
  ].join('\n');
}
