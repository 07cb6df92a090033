const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** The placeholder web page served at `/` until the web UI package ships; no inline script (CSP). */
export function placeholderPage(version: string, scopeRoot: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="skill-map-version" content="${escapeHtml(version)}">
<meta name="skill-map-scope" content="${escapeHtml(scopeRoot)}">
<title>skill-map</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem}code{background:#f3f3f3;padding:0 .25rem}</style>
</head>
<body>
<h1>skill-map</h1>
<p>The map of <code>${escapeHtml(scopeRoot)}</code> is served here (skill-map ${escapeHtml(version)}).</p>
<p>The web UI is not bundled yet. Meanwhile: <a href="/api/health">/api/health</a>, <a href="/api/scan">/api/scan</a>,
<a href="/api/graph?format=ascii">/api/graph</a>, <a href="/api/issues">/api/issues</a>; live events on <code>/ws</code>.</p>
</body>
</html>
`;
}
