import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleReport {
  /** Scripts the browser loads before the first screen: the entry and its modulepreloads. */
  files: { file: string; bytes: number; gzip: number }[];
  totalGzip: number;
  totalBytes: number;
}

/**
 * Measures the JavaScript a browser loads before the first screen, from the built dist/index.html
 * (entry module plus its modulepreload links), gzip level 9 as a CDN would serve it.
 * @example
 * const { totalGzip } = measureBundle('dist');
 */
export function measureBundle(distDir = 'dist'): BundleReport {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`${indexPath} not found: run npm run build first`);
  const html = readFileSync(indexPath, 'utf8');
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(m[1]);
  const files = [...srcs].map((src) => {
    const buf = readFileSync(join(distDir, src.replace(/^\//, '')));
    return { file: src, bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  });
  return {
    files,
    totalGzip: files.reduce((s, f) => s + f.gzip, 0),
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
  };
}
