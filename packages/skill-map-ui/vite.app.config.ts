import { defineConfig, type Plugin } from 'vite';

// The MCP Apps view (ui://skill-map/map.html): a second entry of the page's build, the same renderer code, emitted
// as ONE self-contained HTML file under the page's dist folder (`mcp-app/map.html`). A host renders it in a sandboxed
// iframe with no origin and the extension's restrictive CSP (inline script and style only), so the script and the
// styles are inlined into the document and nothing else is emitted. Run after the page's build (which empties
// dist/ui).

/** Moves every emitted script chunk and stylesheet into the HTML, and drops the files. */
function inlineIntoHtml(): Plugin {
  return {
    name: 'skill-map-inline-app',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((f) => f.type === 'asset' && f.fileName.endsWith('.html'));
      if (html === undefined || html.type !== 'asset') throw new Error('the app build emitted no HTML');
      let text = String(html.source);
      for (const [name, file] of Object.entries(bundle)) {
        if (file === html) continue;
        if (file.type === 'chunk') {
          // `</script` inside the code would end the element early; `<\/script` means the same in JavaScript.
          const code = file.code.replace(/<\/(script)/gi, '<\\/$1');
          const tag = new RegExp(`<script[^>]*src="[^"]*${escape(file.fileName)}"[^>]*></script>`);
          if (!tag.test(text)) throw new Error(`no script tag for ${file.fileName}`);
          text = text.replace(tag, () => `<script type="module">${code}</script>`);
        } else if (/\.worker-[\w-]+\.js$/.test(file.fileName)) {
          // A Web Worker (the layout's) cannot run in the view: the extension's CSP allows inline scripts only, and
          // a srcdoc document has no URL to load it from. The renderer's layout client then packs on the main
          // thread (its fallback when a worker cannot start), so the worker file is left out.
        } else if (file.fileName.endsWith('.css')) {
          const tag = new RegExp(`<link[^>]*href="[^"]*${escape(file.fileName)}"[^>]*>`);
          if (!tag.test(text)) throw new Error(`no stylesheet link for ${file.fileName}`);
          text = text.replace(tag, () => `<style>${String(file.source)}</style>`);
        } else throw new Error(`the app build emitted ${file.fileName}, which cannot be inlined`);
        delete bundle[name];
      }
      // Emitted under the name the server reads (MAP_APP_FILE), whatever the entry file is called.
      delete bundle[html.fileName];
      this.emitFile({ type: 'asset', fileName: 'map.html', source: text });
    },
  };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export default defineConfig({
  base: './',
  plugins: [inlineIntoHtml()],
  build: {
    outDir: '../skill-map/dist/ui/mcp-app',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    sourcemap: false,
    modulePreload: false,
    cssCodeSplit: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: 'mcp-app.html',
      output: { codeSplitting: false },
    },
  },
});
