import { escapeHtml } from './escape-html.js';

/** The page served at `/` when the web page was not built (a source checkout before `npm run build`); no script. */
export function placeholderPage(version: string, scopeRoot: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="skill-map-version" content="${escapeHtml(version)}">
<meta name="skill-map-scope" content="${escapeHtml(scopeRoot)}">
<title>skill-map</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem}code{background:#8882;padding:0 .25rem}</style>
</head>
<body>
<h1>skill-map</h1>
<p>The map of <code>${escapeHtml(scopeRoot)}</code> is served here (skill-map ${escapeHtml(version)}).</p>
<p>The web page is not built in this installation: run <code>npm run build</code> at the repository root.
Meanwhile: <a href="/api/health">/api/health</a>, <a href="/api/scan">/api/scan</a>,
<a href="/api/graph?format=ascii">/api/graph</a>, <a href="/api/issues">/api/issues</a>; live events on <code>/ws</code>.</p>
</body>
</html>
`;
}
