import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());
const NOW = new Date('2026-11-01T12:00:00.000Z');

describe('state.finalize', () => {
  it('records the terminal status in the sidecar; the response and the sidecar are redacted', async () => {
    h = harness({ now: () => NOW });
    const reply = await h.tool('state.finalize', { status: 'completed', result: 'ok sk-abc123secret' });
    const metaPath = join(h.project.root, '.session-meta.json');
    expect(reply.json).toEqual({
      status: 'completed',
      finishedAt: NOW.toISOString(),
      sessionMetaPath: metaPath,
      result: 'ok [REDACTED]',
    });
    expect(JSON.parse(readFileSync(metaPath, 'utf8'))).toEqual({
      status: 'completed',
      finishedAt: NOW.toISOString(),
      result: 'ok [REDACTED]',
    });
  });

  it('keeps the result in clear in the sidecar only for a server started to keep secrets', async () => {
    h = harness({ now: () => NOW, keepSecrets: true });
    await h.tool('state.finalize', { status: 'completed', result: 'ok sk-abc123secret' });
    const meta = JSON.parse(readFileSync(join(h.project.root, '.session-meta.json'), 'utf8'));
    expect(meta.result).toBe('ok sk-abc123secret');
  });

  it('keeps result only when it is a string, and never touches the state file', async () => {
    h = harness({ now: () => NOW });
    const before = readFileSync(h.project.statePath, 'utf8');
    expect((await h.tool('state.finalize', { status: 'failed', result: 3 })).json).toEqual({
      status: 'failed',
      finishedAt: NOW.toISOString(),
      sessionMetaPath: join(h.project.root, '.session-meta.json'),
    });
    expect(readFileSync(h.project.statePath, 'utf8')).toBe(before);
  });

  it('refuses any other status before writing anything', async () => {
    h = harness();
    expect((await h.tool('state.finalize', { status: 'done' })).text).toBe(
      'Error: status must be "completed" or "failed", got: "done"',
    );
    expect((await h.tool('state.finalize')).text).toBe(
      'Error: status must be "completed" or "failed", got: undefined',
    );
    expect(existsSync(join(h.project.root, '.session-meta.json'))).toBe(false);
  });

  it('finalizes an agent scope in its own sidecar', async () => {
    h = harness();
    await h.tool('state.finalize', { status: 'completed', agent: 'w' });
    expect(
      JSON.parse(readFileSync(join(h.project.root, 'agents', 'w', '.session-meta.json'), 'utf8')).status,
    ).toBe('completed');
  });
});
