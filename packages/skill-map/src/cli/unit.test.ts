import { describe, expect, it } from 'vitest';
import { DEFAULT_DB_RELATIVE_PATH } from '../adapters/index.js';
import { AdapterError } from '../adapters/errors.js';
import { ServerError } from '../server/errors.js';
import { findVerbToken, parseInvocation } from './args.js';
import { CliError, EXIT, toExit } from './errors.js';
import { DEFAULT_DB_RELATIVE } from './project.js';
import { captureStream } from './testing/run-cli.js';
import { createProgressBar, renderProgress } from './progress.js';
import { formatElapsed } from './verbs.js';

describe('exit-code mapping (toExit)', () => {
  it('maps CLI errors: usage and grammar → 2, not found → 5, with the hint', () => {
    expect(toExit(new CliError('USAGE', 'bad'))).toEqual({ code: 2, message: 'bad' });
    expect(toExit(new CliError('INVALID_QUERY', 'q', { hint: 'h' }))).toEqual({
      code: 2,
      message: 'q',
      hint: 'h',
    });
    expect(toExit(new CliError('NOT_FOUND', 'n'))).toMatchObject({ code: EXIT.notFound });
    expect(toExit(new CliError('UNAVAILABLE', 'u'))).toMatchObject({ code: EXIT.operational });
  });

  it('maps adapter errors: absent database and unknown key → 5, everything else → 2', () => {
    expect(toExit(new AdapterError('DB_NOT_FOUND', 'x')).code).toBe(5);
    expect(toExit(new AdapterError('CONFIG_UNKNOWN_KEY', 'x'))).toEqual({
      code: 5,
      message: 'x',
      hint: 'run `sm config list` to see the known keys',
    });
    for (const code of [
      'DB_SCHEMA_NEWER',
      'DB_OPEN_FAILED',
      'DB_QUERY_FAILED',
      'CONFIG_INVALID_JSON',
      'CONFIG_INVALID_VALUE',
      'SCAN_FAILED',
    ] as const) {
      expect(toExit(new AdapterError(code, 'x')).code).toBe(2);
    }
    expect(toExit(new AdapterError('DB_SCHEMA_DRIFT', 'x')).hint).toContain('sm scan --yes');
  });

  it('maps server boot errors to 2 and unexpected throws to 2 as an internal error', () => {
    expect(toExit(new ServerError('bind-failed', 'busy')).code).toBe(2);
    expect(toExit(new ServerError('already-serving', 'taken')).code).toBe(7);
    expect(toExit(new TypeError('boom'))).toMatchObject({ code: 2, message: 'internal error: boom' });
  });
});

describe('argument parsing', () => {
  it('finds the verb after global options that take values', () => {
    expect(findVerbToken(['--db', 'x.db', '--json', 'list', 'kind=skill'])).toBe('list');
    expect(findVerbToken(['-q', '--', 'scan'])).toBe('scan');
    expect(findVerbToken(['--json'])).toBeUndefined();
  });

  it('separates the verb, its positionals and options', () => {
    const inv = parseInvocation(['export', 'kind=skill', '--format', 'md', '-q']);
    expect(inv).toMatchObject({ kind: 'verb', args: ['kind=skill'], options: { format: 'md', quiet: true } });
    expect(parseInvocation([])).toMatchObject({ kind: 'bare' });
    expect(parseInvocation(['-v'])).toMatchObject({ kind: 'version' });
    expect(parseInvocation(['scan', '-h'])).toMatchObject({ kind: 'help', verb: { name: 'scan' } });
  });

  it('rejects options of another verb', () => {
    expect(() => parseInvocation(['list', '--full'])).toThrow(CliError);
  });
});

describe('project location', () => {
  it('the default database path is the adapters’ one', () => {
    expect(DEFAULT_DB_RELATIVE).toBe(DEFAULT_DB_RELATIVE_PATH);
  });
});

describe('progress bar', () => {
  it('renders a bar with the count and the path cut to the width', () => {
    expect(renderProgress({ index: 4, total: 10, path: 'docs/a.md' }, 80)).toBe(
      'scanning [############............]  5/10  docs/a.md',
    );
    const long = renderProgress({ index: 0, total: 1, path: `${'x'.repeat(100)}/end.md` }, 60);
    expect(long.length).toBeLessThanOrEqual(59);
    expect(long.endsWith('/end.md')).toBe(true);
  });

  it('throttles redraws but always draws the last file, and writes nothing when disabled', () => {
    let t = 0;
    const stream = captureStream(true, 80);
    const bar = createProgressBar(stream, true, 100, () => t);
    for (let i = 0; i < 50; i += 1) {
      t += 1;
      bar.update({ index: i, total: 50, path: `f${i}.md` });
    }
    bar.done();
    const frames = stream
      .text()
      .split('\r\u001b[2K')
      .filter((f) => f !== '');
    expect(frames).toEqual(['scanning…', expect.stringContaining(' 1/50'), expect.stringContaining('50/50')]);
    const off = captureStream(false);
    createProgressBar(off, false).update({ index: 0, total: 1, path: 'a' });
    expect(off.text()).toBe('');
  });
});

describe("the done-in line's duration (the reference's grammar)", () => {
  it('prints whole ms under a second, one decimal under a minute, minutes and seconds above', () => {
    expect([0, 34, 999, 1000, 2449, 59_999, 60_000, 102_400].map(formatElapsed)).toEqual([
      '0ms',
      '34ms',
      '999ms',
      '1.0s',
      '2.4s',
      '59.9s',
      '1m 0s',
      '1m 42s',
    ]);
  });
});
