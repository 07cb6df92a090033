// Issue 23 point 5: breaking a stale sidecar lock was racy. With a dead writer's lock present, six writer
// PROCESSES started at once all judged it stale; one removed it and took the lock, and another's late removal
// deleted that fresh lock, so two wrote at once and acknowledged writes were lost (6 acknowledged, 3 in the file).
// Here six real processes of the BUILT curator race over one sidecar, round after round, each round behind a dead
// writer's lock: every acknowledged dismissal must be in the file.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileFor } from '../src/adapters/fs/sidecars/path-lock.js';
import { createCuratorProject, NODE, SIDECAR } from '../src/engines/sidecars/testing/curator-project.js';
import type { CuratorProject } from '../src/engines/sidecars/testing/curator-project.js';

const WORKER = fileURLToPath(new URL('./sidecar-writers/dismiss-worker.mjs', import.meta.url));
const BUILT = fileURLToPath(new URL('../dist/engines/suppressions/index.js', import.meta.url));
const WRITERS = 6;
const ROUNDS = 40;

/** A long-lived writer process: `write(value)` sends one dismissal and resolves with its answer line. */
interface Writer {
  ready: Promise<void>;
  write(value: string): Promise<string>;
  stop(): void;
}

function startWriter(p: CuratorProject): Writer {
  const dbPath = join(p.tree.root, '.skill-map', 'skill-map.db');
  const child = spawn(process.execPath, [WORKER, p.tree.root, dbPath, NODE]);
  let err = '';
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const next = waiting.shift();
    if (next === undefined) lines.push(line);
    else next(line);
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const nextLine = (): Promise<string> =>
    lines.length > 0 ? Promise.resolve(lines.shift() as string) : new Promise((r) => waiting.push(r));
  child.on('close', (code) => {
    for (const w of waiting.splice(0)) w(`exited ${code}: ${err}`);
  });
  return {
    ready: nextLine().then((l) => {
      if (l !== 'ready') throw new Error(l);
    }),
    write: (value) => {
      child.stdin.write(`${value}\n`);
      return nextLine();
    },
    stop: () => child.stdin.end(),
  };
}

/** The values of the suppressions the sidecar holds now. */
function valuesInFile(p: CuratorProject): string[] {
  const text = p.read(SIDECAR) ?? '';
  return [...text.matchAll(/value: (\S+)/g)].map((m) => m[1] as string).sort();
}

let p: CuratorProject;
let writers: Writer[] = [];

describe.skipIf(!existsSync(BUILT))(
  "six writer processes behind a dead writer's lock (built curator)",
  () => {
    beforeAll(async () => {
      p = await createCuratorProject();
      writers = Array.from({ length: WRITERS }, () => startWriter(p));
      await Promise.all(writers.map((w) => w.ready));
    });
    afterAll(() => {
      for (const w of writers) w.stop();
      p?.remove();
    });

    it('keeps every acknowledged write, round after round: the takeover never removes a fresh lock', async () => {
      const lockDir = join(p.tree.root, '.skill-map', 'sidecar-locks');
      const lock = lockFileFor(lockDir, join(realpathSync(p.tree.root), SIDECAR));
      const lost: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        rmSync(p.tree.abs(SIDECAR), { force: true });
        mkdirSync(lockDir, { recursive: true });
        writeFileSync(lock, `${spawnSync(process.execPath, ['-e', '0']).pid}\n`); // a writer that died holding it
        const answers = await Promise.all(writers.map((w, i) => w.write(`r${round}w${i}`)));
        expect(
          answers.filter((a) => !a.startsWith('ack ')),
          `round ${round}`,
        ).toEqual([]);
        const inFile = valuesInFile(p);
        lost.push(...answers.map((a) => a.slice('ack '.length)).filter((v) => !inFile.includes(v)));
      }
      expect(lost).toEqual([]);
    });
  },
);
