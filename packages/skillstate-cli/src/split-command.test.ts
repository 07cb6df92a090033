import { describe, expect, it } from 'vitest';
import { formatCommand } from './server-command.js';
import { splitCommand } from './split-command.js';

describe('splitCommand', () => {
  it.each([
    ['node server.js', ['node', 'server.js']],
    ['  npx   -y  pkg  ', ['npx', '-y', 'pkg']],
    [`node '/a b/c.js' "--x=1 2"`, ['node', '/a b/c.js', '--x=1 2']],
    [`a 'it''s' b`, ['a', 'its', 'b']],
    [`say "a \\"quoted\\" \\\\ word" 'no \\ escape'`, ['say', 'a "quoted" \\ word', 'no \\ escape']],
    ['a\\ b c', ['a b', 'c']],
    [`x '' ""`, ['x', '', '']],
    ['"$HOME"', ['$HOME']],
  ])('splits %j', (line, words) => {
    expect(splitCommand(line)).toEqual(words);
  });

  it.each([
    ['', '--command needs a command to run'],
    [`a 'b`, "--command has an unterminated ' quote"],
    ['a "b', '--command has an unterminated " quote'],
    ['a \\', '--command ends with a lone backslash'],
  ])('rejects %j', (line, message) => {
    expect(() => splitCommand(line)).toThrow(message);
  });
});

describe('formatCommand', () => {
  it('quotes only the words that need it, and splitCommand reads it back', () => {
    const server = { command: '/usr/bin/node', args: ['/a b/c.js', "it's", '@x/y@^3', ''] };
    const line = formatCommand(server);
    expect(line).toBe(`/usr/bin/node '/a b/c.js' 'it'\\''s' '@x/y@^3' ''`);
    expect(splitCommand(line)).toEqual([server.command, ...server.args]);
  });
});
