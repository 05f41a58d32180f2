import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeParts } from './build/locale-parts';

export default defineConfig({
  plugins: [react(), localeParts()],
  define: {
    __BUILD_VERSION__: '0',
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20000,
  },
});
