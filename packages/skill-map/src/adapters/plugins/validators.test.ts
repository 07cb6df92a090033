// The generated plugin-load validators: current with the spec schemas (the generator's --check, a real child
// process), and they judge as the schemas say, with ajv's error objects for the messages.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { manifestCheck, payloadCheck, providerKindCheck, uiContributionCheck } from './validators.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('plugin-load validators (generated)', () => {
  it('are what the spec schemas give (else: node scripts/plugin-validators.mjs)', () => {
    const run = spawnSync(process.execPath, ['scripts/plugin-validators.mjs', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('accept a valid manifest and say what is wrong with a bad one', () => {
    expect(manifestCheck({ id: 'acme', version: '1.0.0', specCompat: '>=0.1.0', extensions: ['a.js'] })).toBe(
      true,
    );
    expect(manifestCheck({ id: 'acme', specCompat: '>=0.1.0', homepage: 'not a uri' })).toBe(false);
    const said = (manifestCheck.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
    expect(said).toContain(" must have required property 'version'");
    expect(said).toContain('/homepage must match format "uri"');
  });

  it('check a ui entry and a slot payload', () => {
    expect(providerKindCheck({})).toBe(false);
    expect(uiContributionCheck({ slot: 'no.such.slot' })).toBe(false);
    expect(payloadCheck('inspector.body.panel.key-values')({ pairs: [{ key: 'a', value: 'b' }] })).toBe(true);
    expect(payloadCheck('inspector.body.panel.key-values')({ pairs: 'x' })).toBe(false);
  });
});
