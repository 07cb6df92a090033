import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, redactValue, storedForm } from './redact.js';

// Token-shaped fixtures are assembled at run time, so no literal in this file looks like a live credential.
const alnum = (n: number) => 'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC'.repeat(4).slice(0, n);
const GITHUB = ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'].map((p) => p + alnum(36));
const FINE_GRAINED = `github_pat_11${alnum(20)}_${alnum(59)}`;
const SLACK = ['xoxb', 'xoxp', 'xoxa', 'xoxr', 'xoxs'].map(
  (p) => `${p}-123456789012-1234567890123-${alnum(24)}`,
);
const AWS_KEY_ID = `AKIA${'IOSFODNN7EXAMPLE'}`;
const AWS_TEMP_KEY_ID = `ASIA${'Y34FZKBOKMUTVV7A'}`;
const AWS_SECRET = `wJalrXUtnFEMI/K7MDENG/bPxRfiCY${'EXAMPLEKEY'}`;
const JWT = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${alnum(43)}`;
const GOOGLE = `AIza${'SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY'}`;

describe('redactSecrets: token shapes', () => {
  it.each([
    ...GITHUB.map((t) => ['GitHub', t]),
    ['GitHub fine-grained', FINE_GRAINED],
    ...SLACK.map((t) => ['Slack', t]),
    ['AWS access key id', AWS_KEY_ID],
    ['AWS temporary access key id', AWS_TEMP_KEY_ID],
    ['JWT', JWT],
    ['Google API key', GOOGLE],
    ['sk- key', 'sk-abc123secret'],
  ])('redacts a %s inside text', (_kind, token) => {
    expect(redactSecrets(`before ${token} after`)).toBe(`before ${REDACTED} after`);
  });

  it('redacts every occurrence in one text, not only the first (each pattern is global)', () => {
    const text = `first sk-abc123secret, second sk-def456secret; then ${GITHUB[0]!} and ${GITHUB[1]!}`;
    expect(redactSecrets(text)).toBe(
      `first ${REDACTED}, second ${REDACTED}; then ${REDACTED} and ${REDACTED}`,
    );
    const keys = ['sk-one111', 'sk-two222', 'sk-three333'].join('\n');
    expect(redactSecrets(keys)).toBe([REDACTED, REDACTED, REDACTED].join('\n'));
    expect(redactSecrets(`${AWS_KEY_ID} ${AWS_TEMP_KEY_ID} ${JWT} ${JWT} ${GOOGLE} ${GOOGLE}`)).toBe(
      new Array(6).fill(REDACTED).join(' '),
    );
    expect(redactSecrets(`${SLACK[0]!} ${SLACK[1]!} ${FINE_GRAINED} ${FINE_GRAINED}`)).toBe(
      new Array(4).fill(REDACTED).join(' '),
    );
    expect(redactSecrets('Bearer abcdefgh1 Bearer ijklmnop2')).toBe(`Bearer ${REDACTED} Bearer ${REDACTED}`);
  });

  it('replaces with the literal [REDACTED], and redacts every PEM shape', () => {
    expect(REDACTED).toBe('[REDACTED]');
    const begin = '-----BEGIN OPENSSH PRIVATE KEY-----';
    const end = '-----END OPENSSH PRIVATE KEY-----';
    expect(redactSecrets(`a ${begin}\nxyz\n${end} b`)).toBe('a [REDACTED] b');
    expect(redactSecrets(`a ${begin}\nxyz no end`)).toBe('a [REDACTED]');
    expect(redactSecrets(`tail only\n${end} b`)).toBe('[REDACTED] b');
  });

  it('does not redact a token shape that continues into a longer word', () => {
    const text = `xoxb-abcdefgh_more AIza${'a'.repeat(35)}_x github_pat_${'a'.repeat(22)}-y`;
    expect(redactSecrets(text)).toBe(text);
  });

  it('redacts an AWS secret under each spelling of its name, and Bearer with several spaces', () => {
    for (const name of [
      'aws_secret_access_key',
      'awssecretaccesskey',
      'secret_access_key',
      'secretaccesskey',
    ]) {
      expect(redactSecrets(`${name}=${AWS_SECRET}`), name).toBe(`${name}=[REDACTED]`);
      expect(redactSecrets(`${name}: \t ${AWS_SECRET}`), name).toBe(`${name}: \t [REDACTED]`);
    }
    expect(redactSecrets('Authorization: Bearer   abcdefgh.ijk')).toBe('Authorization: Bearer [REDACTED]');
  });

  it('redacts an AWS secret access key written next to its name, keeping the name', () => {
    expect(redactSecrets(`aws_secret_access_key = ${AWS_SECRET}`)).toBe(
      `aws_secret_access_key = ${REDACTED}`,
    );
    expect(redactSecrets(`{"SecretAccessKey": "${AWS_SECRET}"}`)).toBe(`{"SecretAccessKey": "${REDACTED}"}`);
  });

  it('keeps the older shapes and the Bearer scheme', () => {
    const text = [
      '-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----',
      'ghp_abcDEF123_x',
      'Authorization: Bearer abcdefgh.ijk',
    ].join(' | ');
    expect(redactSecrets(text)).toBe(`${REDACTED} | ${REDACTED} | Authorization: Bearer ${REDACTED}`);
  });

  it('leaves non-secrets alone: git SHAs, UUIDs, ordinary words and near-miss prefixes', () => {
    const text = [
      'commit 9fceb02d0ae598e95dc970b74767f19372d61af8',
      'id 123e4567-e89b-12d3-a456-426614174000',
      'a 40-character base64-ish word without a key name: wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEYab',
      'task-list Bearer short AKIA123 eyJhbGci ghost_writer xoxo AIzaShort github_pattern',
      'the secret_access_key field is documented here',
    ].join('\n');
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('redactValue', () => {
  it('keeps every field and valid JSON when one value holds BEGIN and another END of a private key', () => {
    const state = {
      a: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
      between: 'keep me',
      list: [1, 'also kept', { deep: true }],
      z: 'qhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
      after: 42,
    };
    const out = JSON.parse(JSON.stringify(redactValue(state))) as Record<string, unknown>;
    expect(out).toEqual({
      a: REDACTED,
      between: 'keep me',
      list: [1, 'also kept', { deep: true }],
      z: REDACTED,
      after: 42,
    });
  });

  it('redacts string leaves at any depth and leaves other values as they are', () => {
    expect(redactValue({ n: 1, b: false, x: null, deep: [{ t: `token ${GITHUB[1]}` }] })).toEqual({
      n: 1,
      b: false,
      x: null,
      deep: [{ t: `token ${REDACTED}` }],
    });
  });

  it('redacts the whole value under a secret-naming key, whatever its shape', () => {
    expect(
      redactValue({ aws_secret_access_key: AWS_SECRET, AWS_SECRET_ACCESS_KEY: 'short', sha: AWS_SECRET }),
    ).toEqual({
      aws_secret_access_key: REDACTED,
      AWS_SECRET_ACCESS_KEY: REDACTED,
      sha: AWS_SECRET,
    });
  });

  it('redacts secret-shaped keys without collapsing two of them into one field', () => {
    const out = redactValue({ [GITHUB[0] ?? '']: 1, [GITHUB[1] ?? '']: 2, [REDACTED]: 3 }) as object;
    expect(Object.values(out)).toEqual([1, 2, 3]);
    expect(JSON.stringify(out)).not.toContain('gh');
  });

  it('numbers colliding redacted keys #2, #3, and returns ordinary writable, deletable fields', () => {
    const out = redactValue({ [GITHUB[0] ?? '']: 1, [GITHUB[1] ?? '']: 2, [GITHUB[2] ?? '']: 3 }) as Record<
      string,
      unknown
    >;
    expect(Object.keys(out)).toEqual([REDACTED, `${REDACTED}#2`, `${REDACTED}#3`]);
    out[REDACTED] = 'changed';
    expect(out[REDACTED]).toBe('changed');
    delete out[`${REDACTED}#2`];
    expect(Object.keys(out)).toEqual([REDACTED, `${REDACTED}#3`]);
  });

  it('under a secret-naming key replaces only a non-empty string; other values are redacted as usual', () => {
    expect(
      redactValue({
        aws_secret_access_key: '',
        secret_access_key: 5,
        SecretAccessKey: { note: 'plain', t: GITHUB[0] },
      }),
    ).toEqual({
      aws_secret_access_key: '',
      secret_access_key: 5,
      SecretAccessKey: { note: 'plain', t: REDACTED },
    });
  });

  it('keeps a __proto__ key as an ordinary field', () => {
    const value = JSON.parse('{"__proto__":{"polluted":"sk-abc123"}}') as unknown;
    const out = redactValue(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe(`{"__proto__":{"polluted":"${REDACTED}"}}`);
  });
});

describe('storedForm', () => {
  it('redacts what is written unless the policy keeps secrets deliberately', () => {
    const state = { notes: `token ${GITHUB[0]!}`, n: 1 };
    expect(storedForm(state)).toEqual({ notes: `token ${REDACTED}`, n: 1 });
    expect(storedForm(state, { keepSecrets: false })).toEqual({ notes: `token ${REDACTED}`, n: 1 });
    expect(storedForm(state, { keepSecrets: true })).toBe(state);
    expect(storedForm(storedForm(state))).toEqual(storedForm(state));
  });
});
