import type { Hono } from 'hono';
import { toSpecScanResult } from '@skill-map/spec';
import { badQuery, ServerError } from '../../errors.js';
import {
  getBranch,
  getNodeBundle,
  listIssues,
  fieldsQueryOrThrow,
  parseSeverities,
} from '../../read/map-queries.js';
import type { AppContext, AppEnv } from '../app-context.js';
import { listEnvelope, singleEnvelope } from '../envelope.js';
import { boolParam, csvList, decodePathB64, parseOptionalLimit, parsePage } from '../request-params.js';
import { readJsonBody } from '../read-json-body.js';

/** Read routes over the persisted map: scan, nodes, links, issues, branch, graph. */
export function registerMapRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  app.get('/api/scan', async (c) => {
    if (boolParam('meta', c.req.query('meta')) === true)
      return c.json(singleEnvelope(await ctx.registries(), 'scan-meta', ctx.reader.scanMeta()));
    if (boolParam('fresh', c.req.query('fresh')) === true) {
      const scanner = ctx.scanner;
      if (scanner?.scanFresh === undefined)
        throw new ServerError('scan-unavailable', 'fresh scans are not available in this server');
      const fresh = await scanner.scanFresh();
      return c.json(singleEnvelope(await ctx.registries(), 'scan', fresh));
    }
    return c.json(
      singleEnvelope(await ctx.registries(), 'scan', toSpecScanResult(ctx.reader.loadScanResult())),
    );
  });

  // The whole map, light: what the web page draws (no frontmatter, bodies or occurrences); `?packed=1` with its
  // links packed (by node index and numbered kinds and states: about a third of the bytes), which the page reads.
  app.get('/api/map', (c) => {
    const packed = boolParam('packed', c.req.query('packed')) === true;
    const body = packed ? ctx.mapCache.packedJson() : ctx.mapCache.json();
    return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' });
  });

  app.post('/api/scan', async (c) => {
    const body = await readJsonBody(c, { optional: true });
    const mode = body === undefined ? 'changed' : ((body as { mode?: unknown }).mode ?? 'changed');
    if (mode !== 'full' && mode !== 'changed')
      throw badQuery('mode must be "full" or "changed"', { mode: JSON.stringify(mode) ?? null });
    if (ctx.scans === null)
      throw new ServerError('scan-unavailable', 'this server was started without a scan engine');
    const summary = await ctx.scans.run(mode, 'rest');
    return c.json(singleEnvelope(await ctx.registries(), 'scan-summary', summary));
  });

  app.get('/api/nodes', async (c) => {
    const kinds = csvList(c.req.queries('kind'));
    const paths = csvList(c.req.queries('path'));
    // Built from the parameters as values, never pasted into the text grammar (`?kind=skill has=issues`).
    const query = fieldsQueryOrThrow(
      {
        ...(kinds === undefined ? {} : { kind: kinds.join(',') }),
        ...(boolParam('hasIssues', c.req.query('hasIssues')) === true ? { has: 'issues' } : {}),
        ...(paths === undefined ? {} : { path: paths.join(',') }),
      },
      () => ctx.reader.nodeKinds(),
    );
    const page = parsePage(c.req.query('limit'), c.req.query('offset'));
    const result = ctx.reader.listNodes(query, page);
    return c.json(
      listEnvelope(await ctx.registries(), 'nodes', result.items, result.total, {
        kind: kinds ?? null,
        hasIssues: query.hasIssues,
        path: paths ?? null,
        ...page,
      }),
    );
  });

  app.get('/api/nodes/:pathB64', async (c) => {
    const path = decodePathB64(c.req.param('pathB64'));
    const include = csvList(c.req.queries('include')) ?? [];
    const bundle = await getNodeBundle(ctx.reader, path, include.includes('body'));
    const registries = await ctx.registries();
    // The node's view-contribution data (a BFF decoration of the node): `[{ id: '<plugin>/<id>', data }]`, only of
    // contributions a loaded plugin declares (a plugin disabled since the scan shows nothing).
    const contributions = (ctx.reader.nodeContributions?.(path) ?? []).filter((c) =>
      Object.hasOwn(registries.contributionsRegistry, c.id),
    );
    return c.json({
      ...singleEnvelope(registries, 'node', { ...bundle.item, contributions }),
      links: bundle.links,
      issues: bundle.issues,
    });
  });

  app.get('/api/links', async (c) => {
    const kinds = csvList(c.req.queries('kind'));
    const from = c.req.query('from');
    const to = c.req.query('to');
    const page = parsePage(c.req.query('limit'), c.req.query('offset'));
    const result = ctx.reader.listLinks(
      {
        ...(kinds === undefined ? {} : { kinds }),
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      },
      page,
    );
    return c.json(
      listEnvelope(await ctx.registries(), 'links', result.items, result.total, {
        kind: kinds ?? null,
        from: from ?? null,
        to: to ?? null,
        ...page,
      }),
    );
  });

  app.get('/api/issues', async (c) => {
    const severities = parseSeverities(csvList(c.req.queries('severity')));
    const analyzerIds = csvList(c.req.queries('analyzerId'));
    const nodes = csvList(c.req.queries('node'));
    const page = parsePage(c.req.query('limit'), c.req.query('offset'));
    const filter = {
      ...(severities === undefined ? {} : { severities }),
      ...(analyzerIds === undefined ? {} : { analyzerIds }),
      ...(nodes === undefined ? {} : { nodes }),
    };
    const result = listIssues(ctx.reader, filter, page);
    return c.json(
      listEnvelope(await ctx.registries(), 'issues', result.items, result.total, {
        severity: severities ?? null,
        analyzerId: analyzerIds ?? null,
        node: nodes ?? null,
        ...page,
      }),
    );
  });

  app.get('/api/branch', (c) => {
    const excludeRootRaw = c.req.query('excludeRoot');
    const limit = parseOptionalLimit(c.req.query('limit'));
    return c.json(
      getBranch(ctx.reader, {
        includes: c.req.queries('path') ?? [],
        excludes: c.req.queries('exclude') ?? [],
        ...(excludeRootRaw === undefined ? {} : { excludeRoot: excludeRootRaw }),
        ...(limit === undefined ? {} : { limit }),
      }),
    );
  });

  app.get('/api/graph', async (c) => {
    const format = c.req.query('format') ?? 'ascii';
    const formatters = await ctx.formatter.load();
    const formatter = formatters.find((f) => f.format === format);
    if (formatter === undefined)
      throw badQuery(
        `unknown format "${format}" (expected one of ${formatters.map((f) => f.format).join(', ')})`,
        {
          format,
        },
      );
    let text: string;
    try {
      text = formatter.render(ctx.reader.loadScanResult());
    } catch (error) {
      throw new ServerError('internal', `formatter '${formatter.id}' failed: ${(error as Error).message}`, {
        details: { formatter: formatter.id },
      });
    }
    const json = formatter.contentType.startsWith('application/json');
    return c.body(text, 200, {
      'content-type': json ? 'application/json; charset=utf-8' : formatter.contentType,
    });
  });
}
