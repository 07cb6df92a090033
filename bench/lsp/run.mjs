#!/usr/bin/env node
// npm run bench:lsp: `sm lsp --stdio` on a generated 10,000-node project (bench/scan/generate.mjs), driven by a real
// LSP client over the child's stdio. The figure is what a person typing waits for: from a didChange (one keystroke in
// an open skill, alternately breaking and mending one of its links) to the publishDiagnostics for that file, median
// and p95. Next to it, in the same run and process: the floor, the same server's round trip for a request that does
// no work (a hover on a document outside the project). Target: under 100 ms per keystroke at 10,000 nodes.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import rpc from 'vscode-languageserver-protocol/node';
import { BIN, scannedProject } from '../lib/scanned-project.mjs';
import { median, ms, quantile, table, verdict } from '../lib/stats.mjs';

const NODES = Number(process.env.BENCH_NODES ?? 10000);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 30);
const TARGET_MS = 100;

// The stored scan the server starts from (an editor opens a project that was scanned before).
const { root, scan, env, remove } = scannedProject('lsp', NODES);
let child = null;
try {
  // A skill with a resolved markdown link: each keystroke breaks the link (one extra letter) or mends it again.
  const link = scan.links.find(
    (l) =>
      l.resolvedTarget &&
      l.raw?.startsWith('[') &&
      scan.nodes.some((n) => n.path === l.source && n.kind === 'skill'),
  );
  if (link === undefined) throw new Error('the generated project has no skill with a resolved markdown link');
  const path = link.source;
  const original = readFileSync(join(root, path), 'utf8');
  const at = original.indexOf(link.raw) + link.raw.length - 1; // before the link's closing parenthesis
  const broken = `${original.slice(0, at)}x${original.slice(at)}`;

  child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // The server's log is shown only when it fails (it would interleave with the figures).
  let serverLog = '';
  child.stderr.on('data', (d) => (serverLog += d.toString()));
  child.once('exit', (code) => code !== 0 && process.stderr.write(serverLog));
  const conn = rpc.createProtocolConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin),
  );
  const uri = pathToFileURL(join(root, path)).href;
  let waiting = null;
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    if (p.uri === uri && waiting !== null) {
      const w = waiting;
      waiting = null;
      w(p.diagnostics);
    }
  });
  conn.listen();
  const published = () => new Promise((resolve) => (waiting = resolve));

  let t0 = performance.now();
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    capabilities: {},
  });
  const initMs = performance.now() - t0;
  void conn.sendNotification('initialized', {});
  let next = published();
  void conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'markdown', version: 1, text: original },
  });
  await next;

  const keystrokes = [];
  let version = 1;
  for (let i = 0; i < KEYSTROKES; i++) {
    const text = i % 2 === 0 ? broken : original;
    next = published();
    t0 = performance.now();
    void conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: ++version },
      contentChanges: [{ text }],
    });
    const diagnostics = await next;
    keystrokes.push(performance.now() - t0);
    const isBroken = diagnostics.some((d) => d.code === 'reference-broken' && d.message.includes('x'));
    if (isBroken !== (i % 2 === 0))
      throw new Error(`keystroke ${i}: the diagnostics do not follow the buffer`);
  }

  const floor = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    t0 = performance.now();
    await conn.sendRequest('textDocument/hover', {
      textDocument: { uri: 'untitled:empty' },
      position: { line: 0, character: 0 },
    });
    floor.push(performance.now() - t0);
  }
  await conn.sendRequest('shutdown');
  void conn.sendNotification('exit');
  await new Promise((resolve) => child.once('exit', resolve));
  conn.dispose();
  child = null;

  const p95 = quantile(keystrokes, 0.95);
  console.log(
    `sm lsp on ${scan.nodes.length} nodes, ${scan.links.length} links (${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}); initialize (scan from the stored cache): ${ms(initMs)}`,
  );
  table([
    [
      'keystroke → publishDiagnostics',
      `median ${ms(median(keystrokes))}, p95 ${ms(p95)} (${keystrokes.length} keystrokes)`,
    ],
    ['floor: a no-op request round trip', `median ${ms(median(floor))}, p95 ${ms(quantile(floor, 0.95))}`],
  ]);
  console.log(
    `keystroke median ${(median(keystrokes) / median(floor)).toFixed(1)}x the floor; target under ${TARGET_MS} ms: ${verdict(median(keystrokes) < TARGET_MS)}`,
  );
} finally {
  child?.kill();
  remove();
}
