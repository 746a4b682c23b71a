import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressHtml, precompressAssets, ShellTemplate } from './client-assets';

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-client-assets-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<head><!--app-head--></head><div id="root"><!--app-body--></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-detail-page-Ab_c-12.js'), 'export const page = "detail";'.repeat(50));
  fs.writeFileSync(path.join(dir, 'assets', 'app-edit-page-Zz9.js'), 'export {};');
  fs.writeFileSync(path.join(dir, 'assets', 'logo.png'), 'not text');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ShellTemplate', () => {
  it('reads the built shell and finds the chunk of a lazily loaded page', () => {
    const shell = new ShellTemplate(path.join(dir, 'index.html'));
    expect(shell.isBuilt).toBe(true);
    expect(shell.html()).toContain('<!--app-head-->');
    expect(shell.chunkUrl('app-detail-page')).toBe('/assets/app-detail-page-Ab_c-12.js');
    expect(shell.chunkUrl('app-edit-page')).toBe('/assets/app-edit-page-Zz9.js');
    expect(shell.chunkUrl('admin-page')).toBeNull();
  });

  it('falls back to a minimal shell with both markers when the client is not built', () => {
    const shell = new ShellTemplate(path.join(dir, 'missing.html'));
    expect(shell.isBuilt).toBe(false);
    expect(shell.html()).toContain('<!--app-head-->');
    expect(shell.html()).toContain('<!--app-body-->');
    expect(shell.chunkUrl('app-detail-page')).toBeNull();
  });
});

describe('precompressAssets', () => {
  it('writes brotli and gzip siblings of text assets only, which decompress to the original', async () => {
    const errors: unknown[] = [];
    await precompressAssets(path.join(dir, 'assets'), (error) => errors.push(error));
    expect(errors).toEqual([]);
    const original = fs.readFileSync(path.join(dir, 'assets', 'app-detail-page-Ab_c-12.js'));
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'app-detail-page-Ab_c-12.js.br')))).toEqual(
      original,
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'app-detail-page-Ab_c-12.js.gz')))).toEqual(original);
    expect(fs.existsSync(path.join(dir, 'assets', 'logo.png.br'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'assets')).some((name) => name.endsWith('.tmp'))).toBe(false);
  });
});

describe('compressHtml', () => {
  it('prefers brotli, then gzip, and sends plain text to clients that accept neither', () => {
    const html = '<p>hello</p>'.repeat(100);
    const br = compressHtml(html, 'gzip, deflate, br');
    expect(br?.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br!.body).toString()).toBe(html);
    const gzip = compressHtml(html, 'gzip');
    expect(gzip?.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip!.body).toString()).toBe(html);
    expect(compressHtml(html, undefined)).toBeNull();
    expect(compressHtml(html, 'identity')).toBeNull();
  });
});
