import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, writeRaw } from '../test/support/fixtures.js';
import type { Harness } from '../test/support/fixtures.js';
import { flushInterrupted, installInterruptHandler, INTERRUPT_EXIT_CODE, stampRunning } from './lifecycle.js';
import { META_KEYS } from './protocol.js';

let h: Harness;
afterEach(() => h.project.cleanup());
const NOW = new Date('2026-11-01T12:00:00.000Z');
const meta = () => JSON.parse(readFileSync(join(h.project.root, '.session-meta.json'), 'utf8'));
const baseline = () => JSON.parse(readFileSync(join(h.project.root, '.diff-baseline.json'), 'utf8'));

describe('stampRunning', () => {
  it('starts a fresh run: running, startedAt, agent, revision; the previous finish is cleared', async () => {
    h = harness({ now: () => NOW, agent: 'w' });
    const dir = join(h.project.root, 'agents', 'w');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, '.session-meta.json'),
      JSON.stringify({
        status: 'completed',
        finishedAt: 'x',
        result: 'r',
        mergedAt: 'm',
        lastActivityAt: 'old',
        custom: 1,
      }),
    );
    await stampRunning(h.server, '2025-06-18');
    expect(JSON.parse(readFileSync(join(dir, '.session-meta.json'), 'utf8'))).toEqual({
      status: 'running',
      startedAt: NOW.toISOString(),
      agentId: 'w',
      protocolVersion: '2025-06-18',
      custom: 1,
    });
  });

  it('creates nothing while inert', async () => {
    h = harness({ init: false });
    await stampRunning(h.server);
    expect(h.project.files()).toEqual([]);
  });
});

describe('flushInterrupted', () => {
  it('records interrupted and re-pins the diff baseline to the surviving state', async () => {
    h = harness({ now: () => NOW });
    await h.tool('state.diff');
    await h.tool('state.patch', { patch: { goal: 'g' } });
    await flushInterrupted(h.server);
    expect(meta()).toMatchObject({ status: 'interrupted', lastActivityAt: NOW.toISOString() });
    expect(baseline()).toEqual({ goal: 'g' });
  });

  it('never overwrites a status the agent or a merge recorded', async () => {
    for (const status of ['completed', 'failed', 'merged']) {
      h = harness();
      writeFileSync(join(h.project.root, '.session-meta.json'), JSON.stringify({ status }));
      await flushInterrupted(h.server);
      expect(meta().status).toBe(status);
      h.project.cleanup();
    }
    h = harness();
  });

  it('writes nothing while inert, nor for a process that only answered server/discover', async () => {
    h = harness({ init: false });
    await flushInterrupted(h.server);
    expect(h.project.files()).toEqual([]);
    h.project.cleanup();
    h = harness();
    const envelope = { [META_KEYS.protocolVersion]: '2026-07-28', [META_KEYS.clientCapabilities]: {} };
    await h.rpc({ id: 'probe-1', method: 'server/discover', params: { _meta: envelope } });
    const before = h.project.files();
    await flushInterrupted(h.server);
    expect(h.project.files()).toEqual(before);
    await h.rpc({ id: 2, method: 'tools/list', params: { _meta: envelope } });
    await flushInterrupted(h.server);
    expect(meta().status).toBe('interrupted');
  });

  it('still records the interrupt when the state is unreadable, leaving the baseline alone', async () => {
    h = harness();
    writeRaw(h.project.statePath, 'garbage');
    await flushInterrupted(h.server);
    expect(meta().status).toBe('interrupted');
    expect(h.project.files()).not.toContain('.skillstate/.diff-baseline.json');
  });
});

describe('installInterruptHandler', () => {
  it('flushes once and exits 130 on SIGINT or SIGTERM; stop() removes the handler', async () => {
    h = harness();
    const listeners = process.listenerCount('SIGTERM');
    const codes: number[] = [];
    let exited!: () => void;
    const done = new Promise<void>((resolve) => (exited = resolve));
    installInterruptHandler(h.server, { exit: (code) => (codes.push(code), exited()) });
    expect(process.listenerCount('SIGTERM')).toBe(listeners + 1);
    process.emit('SIGTERM');
    process.emit('SIGINT');
    await done;
    expect(codes).toEqual([INTERRUPT_EXIT_CODE]);
    expect(meta().status).toBe('interrupted');
    h.server.stop();
    expect(process.listenerCount('SIGTERM')).toBe(listeners);
  });

  it('waits for the launch stamp before flushing, so running cannot land after interrupted', async () => {
    h = harness();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let exited!: () => void;
    const done = new Promise<void>((resolve) => (exited = resolve));
    installInterruptHandler(h.server, {
      before: () => gate.then(() => stampRunning(h.server)),
      exit: () => exited(),
    });
    process.emit('SIGINT');
    release();
    await done;
    expect(meta().status).toBe('interrupted');
    h.server.stop();
  });
});
