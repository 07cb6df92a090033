// A test host for MCP Apps views (issue 27 acceptance 3): a page served on 127.0.0.1 port 0 that plays the HOST side
// of the extension's bridge (revision 2026-01-26). It puts the view's HTML into `<iframe sandbox="allow-scripts">`
// (no allow-same-origin: the view has an opaque origin), answers `ui/initialize`, sends the tool input and result
// after `ui/notifications/initialized`, answers `ui/update-model-context` and `ui/message`, and proxies `tools/call`
// and `resources/read` to the MCP server through `window.hostCall`, which the test binds to an SDK client. Every
// message the view sends is kept in `window.__host.messages` for the test to read. The view runs under the CSP the
// extension has a host build from the resource's `_meta.ui.csp` (withCsp).
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The tool call the host shows the view for (as if the model had made it). */
export interface HostToolCall {
  name: string;
  arguments: Record<string, unknown>;
  result: unknown;
}

export interface HostServer {
  url: string;
  /** Sets the view's HTML and the tool call the next page load shows. */
  show(html: string, call: HostToolCall): void;
  close(): Promise<void>;
}

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>test host</title>
<style>body{margin:0} iframe{display:block;width:900px;height:560px;border:0}</style></head>
<body><script type="module">
const host = { messages: [], errors: [] };
window.__host = host;
const call = await (await fetch('/tool-call')).json();
const iframe = document.createElement('iframe');
iframe.setAttribute('sandbox', 'allow-scripts');
iframe.srcdoc = await (await fetch('/view')).text();
const send = (m) => iframe.contentWindow.postMessage({ jsonrpc: '2.0', ...m }, '*');
window.addEventListener('message', async (e) => {
  if (e.source !== iframe.contentWindow) return;
  const m = e.data;
  host.messages.push(m);
  const reply = (result) => send({ id: m.id, result });
  const fail = (code, message) => send({ id: m.id, error: { code, message } });
  switch (m.method) {
    case 'ui/initialize':
      return reply({
        protocolVersion: '2026-01-26',
        hostInfo: { name: 'skill-map-test-host', version: '1.0.0' },
        hostCapabilities: { serverTools: {}, serverResources: {}, logging: {} },
        hostContext: {
          theme: 'light',
          displayMode: 'inline',
          containerDimensions: { width: 900, height: 560 },
          toolInfo: { tool: { name: call.name, inputSchema: { type: 'object' } } },
        },
      });
    case 'ui/notifications/initialized':
      send({ method: 'ui/notifications/tool-input', params: { arguments: call.arguments } });
      return send({ method: 'ui/notifications/tool-result', params: call.result });
    case 'tools/call':
    case 'resources/read':
      try {
        return reply(await window.hostCall(m.method, m.params));
      } catch (err) {
        host.errors.push(String(err));
        return fail(-32603, String(err));
      }
    case 'ui/update-model-context':
    case 'ui/message':
    case 'ping':
      return reply({});
    default:
      if (m.id !== undefined) fail(-32601, 'Method not found: ' + m.method);
  }
});
document.body.append(iframe);
</script></body></html>`;

/** The `_meta.ui.csp` of an MCP App resource (origins the view may reach, by directive group). */
export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** The Content-Security-Policy a host builds from the resource's `_meta.ui.csp`, as the extension prescribes. */
export function hostCsp(csp: AppCsp = {}): string {
  const res = (csp.resourceDomains ?? []).join(' ');
  return [
    `default-src 'none'`,
    `script-src 'self' 'unsafe-inline' ${res}`,
    `style-src 'self' 'unsafe-inline' ${res}`,
    `connect-src 'self' ${(csp.connectDomains ?? []).join(' ')}`,
    `img-src 'self' data: ${res}`,
    `font-src 'self' ${res}`,
    `media-src 'self' data: ${res}`,
    `frame-src ${(csp.frameDomains ?? []).join(' ') || "'none'"}`,
    `object-src 'none'`,
    `base-uri ${(csp.baseUriDomains ?? []).join(' ') || "'self'"}`,
  ]
    .map((d) => d.trim())
    .join('; ');
}

/** The view's HTML with the host's policy as its first `<head>` element (before any script runs). */
export function withCsp(html: string, csp: AppCsp | undefined): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${hostCsp(csp)}">`;
  if (!/<head>/i.test(html)) throw new Error('the view has no <head>');
  return html.replace(/<head>/i, (h) => h + meta);
}

/** Starts the host page's server on 127.0.0.1 port 0. */
export async function startHostServer(): Promise<HostServer> {
  let view = '';
  let call: HostToolCall | null = null;
  const server: Server = createServer((req, res) => {
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.url === '/') send('text/html', PAGE);
    else if (req.url === '/view') send('text/html', view);
    else if (req.url === '/tool-call') send('application/json', JSON.stringify(call));
    else if (req.url === '/favicon.ico') res.writeHead(204).end();
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    show: (html, c) => {
      view = html;
      call = c;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
