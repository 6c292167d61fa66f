import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Workspace packages export their TypeScript sources under the "source" condition,
// so the app builds against packages/contracts/src without a separate build step.
export default defineConfig({
  plugins: [react()],
  base: '/',
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
