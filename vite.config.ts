import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/** fi and no load when chosen: every catalogue's file of the language (src/i18n/catalogues.ts) goes in one chunk. */
function lazyLanguageChunk(id: string): string | null {
  const lang = /\/(?:locales|messages)\/(?:ra\/)?(fi|no)\.json$/.exec(id)?.[1];
  return lang ? `messages-${lang}` : null;
}

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: lazyLanguageChunk }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/realms': apiTarget,
      '/config.json': apiTarget,
    },
  },
});
