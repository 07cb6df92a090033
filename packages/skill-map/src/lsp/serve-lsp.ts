// The language server's composition: one connection over the given streams, the live graph of the workspace
// folder, and the handlers (diagnostics as the user types, definition, hover, references, quick fixes). Every
// answer comes from the live graph (engines/live) and the kernel; nothing here decides what an issue is.
import type { Readable, Writable } from 'node:stream';
import type { InitializeResult } from 'vscode-languageserver/node';
import {
  CodeActionKind,
  createConnection,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LiveChange, LiveGraph } from '../engines/live/index.js';
import { codeActionsAt } from './code-actions.js';
import { DiagnosticsPublisher } from './diagnostics.js';
import { definitionAt, hoverAt, referencesAt } from './navigation.js';
import type { NavigationInput } from './navigation.js';
import { createProjectPaths, rootFromInitialize } from './project-paths.js';
import type { ProjectPaths } from './project-paths.js';

/** What the server is built from. */
export interface LspServerOptions {
  readonly input: Readable;
  readonly output: Writable;
  /** The project root when `initialize` names no folder (the CLI's `--root` / cwd). */
  readonly fallbackRoot: string;
  /** Builds the live graph of a project root (the CLI passes its database and plugin flags in). */
  readonly openGraph: (root: string) => Promise<LiveGraph>;
  readonly serverVersion: string;
  /** One line to the log (stderr: stdout is the protocol). */
  readonly log: (line: string) => void;
}

/** The running server: `closed` settles when the client ends the connection. */
export interface LspServer {
  readonly closed: Promise<void>;
}

interface Session {
  readonly graph: LiveGraph;
  readonly paths: ProjectPaths;
  readonly publisher: DiagnosticsPublisher;
}

/**
 * Serves LSP over `input`/`output`. The protocol library ends the process on `exit` (after `shutdown`: 0, else 1)
 * and when the input closes, as editors expect of a language server.
 */
export function serveLsp(opts: LspServerOptions): LspServer {
  const connection = createConnection(opts.input, opts.output);
  const documents = new TextDocuments(TextDocument);
  let session: Session | null = null;
  // Graph work runs one piece at a time, in the order the notifications came (a save's rescan, then keystrokes).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = (what: string, work: (s: Session) => Promise<void> | void): void => {
    queue = queue.then(async () => {
      if (session !== null) await work(session);
    });
    queue = queue.catch((err: unknown) => opts.log(`${what} failed: ${(err as Error).stack ?? String(err)}`));
  };
  const publish = (s: Session, change: LiveChange | null, edited: readonly string[] = []): void => {
    if (change !== null) s.publisher.publish(change.after, edited);
  };
  const nav = (s: Session): NavigationInput => ({
    result: s.graph.result(),
    paths: s.paths,
    textOf: (p) => s.graph.textOf(p),
    renames: () => s.graph.renames(),
  });
  const at = <T>(uri: string, empty: T, answer: (s: Session, path: string) => T): T => {
    const path = session?.paths.pathOf(uri) ?? null;
    return session === null || path === null ? empty : answer(session, path);
  };

  connection.onInitialize(async (params): Promise<InitializeResult> => {
    const root = rootFromInitialize(params, opts.fallbackRoot);
    const started = performance.now();
    const graph = await opts.openGraph(root);
    const paths = createProjectPaths(root);
    const publisher = new DiagnosticsPublisher((path, diagnostics) => {
      void connection.sendDiagnostics({ uri: paths.uriOf(path), diagnostics });
    });
    session = { graph, paths, publisher };
    const r = graph.result();
    opts.log(
      `scanned ${root}: ${r.nodes.length} nodes, ${r.issues.length} issues in ${Math.round(performance.now() - started)} ms`,
    );
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: true },
        definitionProvider: true,
        hoverProvider: true,
        referencesProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: 'skill-map', version: opts.serverVersion },
    };
  });
  connection.onInitialized(() =>
    serial('the first publish', (s) => void s.publisher.publish(s.graph.result())),
  );

  // didOpen and didChange: the buffer overlays the file and that one file is analysed again. Changes that arrive
  // while one is waiting in the queue are folded into it (it reads the buffer when it runs), so a burst of typing
  // costs one analysis per turn of the queue, not one per keystroke behind.
  const pending = new Set<string>();
  documents.onDidChangeContent(({ document }) => {
    if (pending.has(document.uri)) return;
    pending.add(document.uri);
    serial('analysing a buffer', (s) => {
      pending.delete(document.uri);
      const current = documents.get(document.uri);
      const path = s.paths.pathOf(document.uri);
      if (current !== undefined && path !== null)
        publish(s, s.graph.overlay(path, current.getText()), [path]);
    });
  });
  documents.onDidClose(({ document }) =>
    serial('closing a buffer', (s) => {
      const path = s.paths.pathOf(document.uri);
      if (path !== null) publish(s, s.graph.drop(path));
    }),
  );
  documents.onDidSave(({ document }) =>
    serial('rescanning a saved file', async (s) => {
      const path = s.paths.pathOf(document.uri);
      if (path !== null) publish(s, await s.graph.refresh([path]));
    }),
  );
  connection.onDidChangeWatchedFiles(({ changes }) =>
    serial('rescanning changed files', async (s) => {
      const changed = changes.map((c) => s.paths.pathOf(c.uri)).filter((p): p is string => p !== null);
      if (changed.length > 0) publish(s, await s.graph.refresh(changed));
    }),
  );

  // Requests wait for the keystrokes before them, so they answer about the text the user sees.
  const after = async <T>(answer: () => T): Promise<T> => {
    await queue;
    return answer();
  };
  connection.onDefinition((p) =>
    after(() => at(p.textDocument.uri, [], (s, path) => definitionAt(nav(s), path, p.position))),
  );
  connection.onHover((p) =>
    after(() => at(p.textDocument.uri, null, (s, path) => hoverAt(nav(s), path, p.position))),
  );
  connection.onReferences((p) =>
    after(() => at(p.textDocument.uri, [], (s, path) => referencesAt(nav(s), path, p.position))),
  );
  connection.onCodeAction((p) =>
    after(() => at(p.textDocument.uri, [], (s, path) => codeActionsAt(nav(s), path, p.range))),
  );
  connection.onShutdown(() => {
    session?.graph.close();
  });

  const closed = new Promise<void>((resolve) => connection.onExit(() => resolve()));
  documents.listen(connection);
  connection.listen();
  return { closed };
}
