import { describe, expect, it } from 'vitest';
import {
  checkLoopbackRequest,
  hostnameOfHostHeader,
  isLoopbackHost,
  isLoopbackOrigin,
} from './loopback-gate.js';

// Names a DNS-rebinding attacker controls that merely start (or end) with a loopback name.
const LOOKALIKES = [
  'localhost.evil.example',
  '127.0.0.1.nip.io',
  'localhost.',
  'localhostx',
  '127.0.0.10',
  '127.0.0.1x',
  'evil-localhost',
  'xlocalhost',
  '::1x',
  '::10',
];

describe('loopback Host gate', () => {
  it('answers the three loopback names, with or without a port, in any case', () => {
    for (const host of ['127.0.0.1', 'localhost', 'LOCALHOST:4242', '127.0.0.1:0', '[::1]', '[::1]:8080']) {
      expect(checkLoopbackRequest({ host }), host).toBeNull();
    }
    expect(checkLoopbackRequest({})).toBeNull();
    expect(checkLoopbackRequest({ host: '' })).toBeNull();
  });

  it('refuses every hostname that only starts or ends with a loopback name', () => {
    for (const name of LOOKALIKES) {
      const host = name.includes(':') ? `[${name}]:80` : `${name}:4242`;
      for (const value of [name.includes(':') ? `[${name}]` : name, host]) {
        const refused = checkLoopbackRequest({ host: value });
        expect(refused?.code, value).toBe('host-not-allowed');
        expect(refused?.message).toContain(`Host "${value}" is not allowed`);
      }
    }
  });

  it('refuses a Host it cannot parse, and a port that is not a number', () => {
    for (const host of ['localhost:abc', 'localhost:', 'localhost:123456', '[::1', '[::1]x', '[::1]:']) {
      expect(checkLoopbackRequest({ host })?.code, host).toBe('host-not-allowed');
    }
    expect(hostnameOfHostHeader(' Localhost:80 ')).toBe('localhost');
    expect(hostnameOfHostHeader('[::1]:4242')).toBe('::1');
    expect(hostnameOfHostHeader('[::1]')).toBe('::1');
    expect(hostnameOfHostHeader('[::1]:x')).toBeNull();
  });
});

describe('loopback origin rules', () => {
  it('accepts http(s) origins on a loopback name only', () => {
    for (const origin of [
      'http://localhost:5173',
      'https://127.0.0.1',
      'http://[::1]:4242',
      'HTTP://LOCALHOST',
    ]) {
      expect(isLoopbackOrigin(origin), origin).toBe(true);
      expect(checkLoopbackRequest({ host: 'localhost', origin }), origin).toBeNull();
    }
  });

  it('refuses look-alike names, other schemes and unparseable origins', () => {
    const origins = [
      ...LOOKALIKES.filter((n) => !n.includes(':')).map((n) => `http://${n}`),
      'http://[::10]',
      'file://localhost/x',
      'ws://localhost',
      'chrome-extension://localhost',
      'not a url',
    ];
    for (const origin of origins) {
      expect(isLoopbackOrigin(origin), origin).toBe(false);
      const refused = checkLoopbackRequest({ host: 'localhost', origin });
      expect(refused?.code, origin).toBe('origin-not-allowed');
      expect(refused?.message).toBe(
        `Origin "${origin}" is not allowed: only loopback origins may call skill-map.`,
      );
    }
  });

  it('isLoopbackHost strips IPv6 brackets and ignores case, and nothing else', () => {
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('LocalHost')).toBe(true);
    for (const name of LOOKALIKES) expect(isLoopbackHost(name), name).toBe(false);
  });
});
