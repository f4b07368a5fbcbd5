import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  server: {
    port: 5173,
    // In development the gateway (npm start) serves the APIs.
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
  // A build started from a test runner inherits NODE_ENV=test, which would ship React's
  // development bundle (three times the size); a build is always a production build.
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: { target: 'es2022', sourcemap: false },
}));
