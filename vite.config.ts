import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app: built into dist/web and served by the Node server (src/server/main.ts).
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` },
  },
});
