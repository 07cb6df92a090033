import { TokenTracker } from '@skillstate/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());

describe('state.metrics', () => {
  it('is listed only when a tracker is configured; without one it is an unknown tool', async () => {
    h = harness();
    const names = (t: { tools: Array<{ name: string }> }) => t.tools.map((tool) => tool.name);
    expect(names((await h.rpc({ id: 1, method: 'tools/list' })).result)).not.toContain('state.metrics');
    expect((await h.rpc({ id: 2, method: 'tools/call', params: { name: 'state.metrics' } })).error).toEqual({
      code: -32602,
      message: 'Unknown tool: state.metrics',
      data: { name: 'state.metrics' },
    });
    h.project.cleanup();
    h = harness({ tracker: new TokenTracker() });
    expect(names((await h.rpc({ id: 3, method: 'tools/list' })).result)).toContain('state.metrics');
  });

  it('says so when the tracker has no steps yet', async () => {
    h = harness({ tracker: new TokenTracker() });
    expect((await h.tool('state.metrics')).text).toBe(
      'Error: No steps recorded yet: the token tracker session is empty',
    );
  });

  it("returns exactly the paper's three metrics", async () => {
    const tracker = new TokenTracker();
    tracker.recordStep({ promptChars: 100, responseChars: 20, success: true });
    tracker.recordStep({ promptChars: 300, responseChars: 30, success: false });
    tracker.recordStep({ promptChars: 200, responseChars: 10 });
    h = harness({ tracker });
    expect((await h.tool('state.metrics')).json).toEqual({
      accuracy: 0.5,
      averagePromptSize: 200,
      totalTokens: 660,
    });
  });
});

describe('state.metrics structured content (embedded with a tracker)', () => {
  it('validates against the advertised outputSchema, success and refusal', async () => {
    const tracker = new TokenTracker();
    h = harness({ tracker });
    const listed = (await h.rpc({ id: 1, method: 'tools/list' })).result.tools.find(
      (t: { name: string }) => t.name === 'state.metrics',
    );
    const validate = new Ajv2020({ strict: true }).compile(listed.outputSchema);
    const call = async () =>
      (await h.rpc({ id: 2, method: 'tools/call', params: { name: 'state.metrics' } })).result;
    const refused = await call();
    expect(refused.isError).toBe(true);
    expect(validate(refused.structuredContent)).toBe(true);
    tracker.recordStep({ promptChars: 10, responseChars: 2 });
    const metrics = await call();
    expect(metrics.structuredContent).toEqual({ accuracy: null, averagePromptSize: 10, totalTokens: 12 });
    expect(validate(metrics.structuredContent)).toBe(true);
  });
});
