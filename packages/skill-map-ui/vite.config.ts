import { defineConfig } from 'vite';

// The page is built into the CLI package (`@skill-map/cli` ships `dist/ui`), so an installed `sm serve` finds
// it beside its own code. Assets are content-hashed under `assets/` (served immutable); nothing is inlined as
// script, because the server's CSP allows scripts from its own origin only.
export default defineConfig({
  base: '/',
  build: {
    outDir: '../skill-map/dist/ui',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // `npm run dev -w @skill-map/ui` beside a running `sm serve` on 4242.
    proxy: { '/api': 'http://127.0.0.1:4242', '/ws': { target: 'ws://127.0.0.1:4242', ws: true } },
  },
});
