// Vite config of the test harness only (npx vite --config test/e2e/harness/vite.config.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react()],
  server: { port: Number(process.env.HARNESS_PORT ?? 5199), strictPort: true, proxy: process.env.API_TARGET ? { '^/(sp|common|admin)/': process.env.API_TARGET } : undefined },
  build: { outDir: fileURLToPath(new URL('../../../test-results/harness', import.meta.url)), emptyOutDir: true },
});
