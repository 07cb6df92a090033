import { mkdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, tempProject } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';
import { NOT_INITIALIZED_TEXT } from '../errors.js';
import { UNTRACKED_TOOLS } from './registry.js';

let h: Harness;
afterEach(() => h.project.cleanup());

const GATED = UNTRACKED_TOOLS.map((t) => t.name).filter((n) => n !== 'spec.get');

describe('tools/list', () => {
  it('lists the 13 tools of a server without a tracker, each with its title, schemas, annotations and icon', async () => {
    h = harness();
    const { result } = await h.rpc({ id: 1, method: 'tools/list' });
    expect(result.tools.map((t: { name: string }) => t.name)).toEqual([
      'state.get',
      'state.patch',
      'state.validate',
      'state.diff',
      'state.checkpoint',
      'state.rollback',
      'state.summary',
      'state.finalize',
      'spec.get',
      'spec.next',
      'agent.list',
      'agent.read',
      'agent.merge',
    ]);
    for (const tool of result.tools) {
      expect(Object.keys(tool)).toEqual([
        'name',
        'title',
        'description',
        'inputSchema',
        'outputSchema',
        'annotations',
        'icons',
      ]);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema.type).toBe('object');
      expect(Object.keys(tool.annotations)).toEqual([
        'title',
        'readOnlyHint',
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
      ]);
      expect(tool.icons).toEqual([
        {
          src: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
          mimeType: 'image/svg+xml',
          sizes: ['any'],
        },
      ]);
      expect(tool.description.length).toBeGreaterThan(20);
    }
    const writers = result.tools.filter(
      (t: { annotations: { readOnlyHint: boolean } }) => !t.annotations.readOnlyHint,
    );
    expect(writers.map((t: { name: string }) => t.name)).toEqual([
      'state.patch',
      'state.diff',
      'state.checkpoint',
      'state.rollback',
      'state.finalize',
      'agent.merge',
    ]);
  });

  it('answers removed tools, like any unknown tool, with a -32602 protocol error naming it', async () => {
    h = harness();
    for (const name of ['state.merge', 'state.reset']) {
      expect((await h.rpc({ id: 1, method: 'tools/call', params: { name, arguments: {} } })).error).toEqual({
        code: -32602,
        message: `Unknown tool: ${name}`,
        data: { name },
      });
    }
  });
});

describe('inert until init', () => {
  it('answers every gated tool with the fixed text and creates nothing', async () => {
    h = harness({ init: false });
    for (const name of GATED) {
      expect(
        await h.tool(name, { patch: { goal: 'x' }, status: 'completed', agent: 'w', label: 'l' }),
      ).toEqual({
        text: NOT_INITIALIZED_TEXT,
        isError: true,
        json: undefined,
      });
    }
    expect(NOT_INITIALIZED_TEXT).toBe('no skillstate state in this directory — run `skillstate init`');
    expect(h.project.files()).toEqual([]);
  });

  it('is not bypassed by a root argument pointing elsewhere: the argument is refused, nothing is written', async () => {
    h = harness({ init: false });
    const other = tempProject();
    try {
      other.init();
      const before = other.files();
      const reply = await h.rpc({
        id: 1,
        method: 'tools/call',
        params: { name: 'state.patch', arguments: { root: other.root, patch: { goal: 'x' } } },
      });
      expect(reply.error).toMatchObject({ code: -32602, data: { argument: 'root' } });
      expect(other.files()).toEqual(before);
      expect(h.project.files()).toEqual([]);
    } finally {
      other.cleanup();
    }
  });

  it('still serves spec.get and the spec resource, and errors the state resources with -32000', async () => {
    h = harness({ init: false });
    expect((await h.tool('spec.get')).isError).toBe(false);
    expect(
      (await h.rpc({ id: 1, method: 'resources/read', params: { uri: 'skillstate://spec' } })).result
        .contents,
    ).toHaveLength(1);
    for (const uri of ['skillstate://state', 'skillstate://summary']) {
      expect((await h.rpc({ id: 2, method: 'resources/read', params: { uri } })).error).toEqual({
        code: -32000,
        message: NOT_INITIALIZED_TEXT,
      });
    }
    expect(h.project.files()).toEqual([]);
  });

  it('proceeds once the directory exists, even without a state file', async () => {
    h = harness({ init: false });
    mkdirSync(h.project.root);
    expect((await h.tool('state.get')).json).toMatchObject({ goal: '' });
  });
});
