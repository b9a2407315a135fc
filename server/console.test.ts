import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createMailer } from './mail/mailer';
import { createTestServer, TEST_JWT_SECRET, type TestServer } from './test-support/test-server';

const INDEX = '<!doctype html><title>Postroom</title>';
let staticDir: string;
let server: TestServer;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'postroom-dist-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), INDEX);
  await writeFile(join(staticDir, 'sw.js'), 'self.x = 1;');
  await writeFile(join(staticDir, 'manifest.webmanifest'), '{}');
  await writeFile(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  server = await createTestServer({ staticDir, seed: false });
});
afterAll(async () => {
  await server.close();
  await rm(staticDir, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('the built console', () => {
  it('serves hashed assets for a year and the rest with no-cache', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers index.html for deep links (SPA fallback), including console pages under API prefixes', async () => {
    for (const url of ['/orga/x', '/orga/1/settings?tab=2', '/project/p/environment/e/analyses', '/oauth/google?code=1', '/oidc/callback']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a JSON 404 for unknown API paths, missing assets and non-GET requests', async () => {
    for (const url of ['/v4/unknown', '/api/nothing', '/users/x', '/oauth/other', '/oidc', '/assets/old-123.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Élément introuvable.', code: 'notFound' });
    }
    const post = await server.app.inject({ method: 'POST', url: '/orga/x' });
    expect(post.statusCode).toBe(404);
  });

  it('sends a strict Content-Security-Policy: no inline script, no eval, nobody may frame it', async () => {
    const response = await get('/orga/demo');
    const policy = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );
    expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends API answers a policy that allows nothing, and no page policies', async () => {
    const response = await get('/api/openapi.json');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('does not serve files outside the folder', async () => {
    const response = await get('/..%2f..%2fetc%2fpasswd');
    expect(response.body).not.toContain('root:');
  });
});

describe('without a built console', () => {
  it('answers JSON 404 for every unknown path', async () => {
    // Same database as above: one PGlite per test file.
    const apiOnly = buildApp({
      db: server.handle.db,
      jwtSecret: TEST_JWT_SECRET,
      staticDir: join(staticDir, 'missing'),
      mailer: createMailer({ outboxDir: server.outboxDir }),
    });
    try {
      const response = await apiOnly.inject({ method: 'GET', url: '/orga/x' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Élément introuvable.', code: 'notFound' });
    } finally {
      await apiOnly.close();
    }
  });
});
