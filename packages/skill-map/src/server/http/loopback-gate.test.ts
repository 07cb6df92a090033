import { describe, expect, it } from 'vitest';
import {
  checkBrowserRequest,
  checkLoopbackRequest,
  gateRequestOf,
  hostnameOfHostHeader,
  isLoopbackHost,
  isOwnOrigin,
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

describe("origin rule: the server's own origin only", () => {
  it('accepts the origin the request was addressed to (http, the Host name and port), in any case', () => {
    const own: Array<[string, string]> = [
      ['http://localhost:5173', 'localhost:5173'],
      ['http://127.0.0.1', '127.0.0.1'],
      ['http://127.0.0.1:80', '127.0.0.1'],
      ['http://[::1]:4242', '[::1]:4242'],
      ['HTTP://LOCALHOST:4242', 'localhost:4242'],
    ];
    for (const [origin, host] of own) {
      expect(isOwnOrigin(origin, host), origin).toBe(true);
      expect(checkLoopbackRequest({ host, origin, fetchSite: 'cross-site' }), origin).toBeNull();
    }
  });

  it('refuses another local port, another loopback name, https, and any origin without a Host', () => {
    const foreign: Array<[string, string | undefined]> = [
      ['http://localhost:8000', 'localhost:4242'],
      ['http://127.0.0.1:8000', '127.0.0.1:4242'],
      ['http://localhost:4242', '127.0.0.1:4242'],
      ['http://127.0.0.1:4242', '[::1]:4242'],
      ['https://127.0.0.1:4242', '127.0.0.1:4242'],
      ['http://127.0.0.1:4242', undefined],
      ['http://127.0.0.1:4242', ''],
    ];
    for (const [origin, host] of foreign) {
      expect(isOwnOrigin(origin, host), `${origin} on ${host}`).toBe(false);
      const refused = checkLoopbackRequest({ host, origin });
      expect(refused?.code, origin).toBe('origin-not-allowed');
    }
    expect(checkLoopbackRequest({ host: 'localhost:4242', origin: 'http://localhost:8000' })?.message).toBe(
      'Origin "http://localhost:8000" is not allowed: from a browser, only the page skill-map serves itself ' +
        '(http://localhost:4242) may call it.',
    );
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
      expect(isOwnOrigin(origin, 'localhost'), origin).toBe(false);
      expect(checkLoopbackRequest({ host: 'localhost', origin })?.code, origin).toBe('origin-not-allowed');
    }
  });

  it('isLoopbackHost strips IPv6 brackets and ignores case, and nothing else', () => {
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('LocalHost')).toBe(true);
    for (const name of LOOKALIKES) expect(isLoopbackHost(name), name).toBe(false);
  });
});

describe('browser rule (fetch metadata) behind the loopback gate', () => {
  const refusedCode = (req: Parameters<typeof checkBrowserRequest>[0]): string | null =>
    checkBrowserRequest(req)?.code ?? null;

  it('lets non-browser clients through: no Origin and no Sec-Fetch-Site (Sec-Fetch-Mode alone is Node fetch)', () => {
    expect(refusedCode({})).toBeNull();
    expect(refusedCode({ origin: '', fetchMode: 'cors', method: 'POST' })).toBeNull();
    expect(refusedCode({ origin: 'null', method: 'POST' })).toBeNull();
  });

  it('leaves a non-opaque Origin to the gate (which lets only the own origin reach this rule)', () => {
    expect(
      refusedCode({ origin: 'http://localhost:1', fetchSite: 'cross-site', fetchMode: 'cors' }),
    ).toBeNull();
    expect(refusedCode({ origin: 'http://localhost:1', websocket: true })).toBeNull();
    expect(
      checkLoopbackRequest({ host: 'localhost:2', origin: 'http://localhost:1', websocket: true })?.code,
    ).toBe('origin-not-allowed');
  });

  it('passes same-origin requests and top-level GET/HEAD navigations only', () => {
    expect(refusedCode({ fetchSite: 'same-origin', fetchMode: 'cors', method: 'POST' })).toBeNull();
    expect(refusedCode({ fetchSite: 'SAME-ORIGIN', method: 'DELETE' })).toBeNull();
    for (const method of ['GET', 'head', undefined]) {
      expect(refusedCode({ fetchSite: 'none', fetchMode: 'navigate', method }), String(method)).toBeNull();
      expect(
        refusedCode({ fetchSite: 'cross-site', fetchMode: 'NAVIGATE', fetchDest: 'document', method }),
      ).toBeNull();
    }
    expect(refusedCode({ fetchSite: 'none', fetchMode: 'navigate', method: 'POST' })).toBe(
      'origin-not-allowed',
    );
    expect(refusedCode({ fetchSite: 'cross-site', fetchMode: 'navigate', fetchDest: 'iframe' })).toBe(
      'origin-not-allowed',
    );
    expect(refusedCode({ fetchSite: 'none', fetchMode: 'cors' })).toBe('origin-not-allowed');
    expect(refusedCode({ fetchSite: 'same-site', fetchMode: 'no-cors', fetchDest: 'script' })).toBe(
      'origin-not-allowed',
    );
  });

  it('says what was refused: a missing Origin or Origin "null", the site and the mode', () => {
    expect(checkBrowserRequest({ fetchSite: 'cross-site', fetchMode: 'cors' })?.message).toBe(
      'A missing Origin is not allowed for a cross-site browser request (Sec-Fetch-Site: cross-site, ' +
        'Sec-Fetch-Mode: cors): from a browser, only pages served by skill-map itself may call it.',
    );
    expect(checkBrowserRequest({ origin: 'null', fetchSite: 'cross-site' })?.message).toBe(
      'Origin "null" is not allowed for a cross-site browser request (Sec-Fetch-Site: cross-site, ' +
        'Sec-Fetch-Mode: -): from a browser, only pages served by skill-map itself may call it.',
    );
  });

  it('refuses a WebSocket from an opaque origin outright, but not one without Origin', () => {
    expect(checkBrowserRequest({ origin: 'null', websocket: true })?.message).toBe(
      'Origin "null" is not allowed for a WebSocket from an opaque origin (a file:// page, a sandboxed frame): ' +
        'from a browser, only pages served by skill-map itself may call it.',
    );
    expect(refusedCode({ websocket: true })).toBeNull();
    expect(refusedCode({ origin: 'null', websocket: false })).toBeNull();
  });

  it('runs the browser rule after the Host and Origin checks, on what gateRequestOf reads', () => {
    const headers = {
      host: ['localhost:1', 'evil.example'],
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    };
    const req = gateRequestOf(headers, 'POST', true);
    expect(req).toEqual({
      host: 'localhost:1',
      origin: undefined,
      method: 'POST',
      fetchSite: 'cross-site',
      fetchMode: 'cors',
      fetchDest: 'empty',
      websocket: true,
    });
    expect(gateRequestOf({}, 'GET').websocket).toBe(false);
    expect(checkLoopbackRequest(req)?.code).toBe('origin-not-allowed');
    expect(checkLoopbackRequest({ ...req, host: 'evil.example' })?.code).toBe('host-not-allowed');
    expect(checkLoopbackRequest({ ...req, origin: 'http://evil.example' })?.code).toBe('origin-not-allowed');
    expect(checkLoopbackRequest({ ...req, fetchSite: 'same-origin' })).toBeNull();
  });
});

describe('gate details that mutation testing found untested', () => {
  it('refuses a bracketed host followed by anything but a port', () => {
    for (const host of ['[::1]:80x', '[::1]x:80', '[::1]:'])
      expect(hostnameOfHostHeader(host), host).toBeNull();
  });

  it('treats an empty or "null" Origin as absent at the gate, and reads Origin from the headers', () => {
    for (const origin of ['', 'null']) expect(checkLoopbackRequest({ host: 'localhost', origin })).toBeNull();
    expect(gateRequestOf({ origin: 'http://evil.example' }, 'GET').origin).toBe('http://evil.example');
    expect(checkLoopbackRequest(gateRequestOf({ origin: 'http://evil.example' }, 'GET'))?.code).toBe(
      'origin-not-allowed',
    );
  });

  it('treats an empty Origin from a browser as missing', () => {
    expect(checkBrowserRequest({ origin: '', fetchSite: 'cross-site', fetchMode: 'cors' })?.message).toMatch(
      /^A missing Origin is not allowed for a cross-site browser request/,
    );
  });
});
