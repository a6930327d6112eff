import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../testing/test-shop.js';

let database: TestDatabase;
let builds: string;

/** A stand-in for a Vite build: an index.html that names its app, and one hashed asset. */
function fakeBuild(name: string): string {
  const dir = path.join(builds, name);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${name}</title>`);
  writeFileSync(path.join(dir, 'assets', `${name}-abc123.js`), `console.log('${name}');`);
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase('web_apps');
  builds = mkdtempSync(path.join(tmpdir(), 'web-apps-'));
});

afterAll(async () => {
  await database?.drop();
  rmSync(builds, { recursive: true, force: true });
});

const page = (shop: TestShop, pathname: string) =>
  fetch(`${shop.url}${pathname}`, { headers: { Accept: 'text/html' } });
const titleOf = async (response: Response) => /<title>(.*)<\/title>/.exec(await response.text())?.[1];

describe('the built shop and back-office served by the API', () => {
  it('serves the back-office under /admin and the shop everywhere else', async () => {
    const shop = await startTestShop({
      databaseUrl: database.url,
      env: { WEB_SHOP_DIR: fakeBuild('shop'), ADMIN_DIR: fakeBuild('admin') },
    });
    try {
      for (const pathname of ['/admin', '/admin/', '/admin/inquiries', '/admin/inquiries/abc/show']) {
        const response = await page(shop, pathname);
        expect([pathname, response.status, await titleOf(response)]).toEqual([pathname, 200, 'admin']);
      }
      for (const pathname of ['/', '/subscription/netflix', '/no-such-page', '/administration']) {
        const response = await page(shop, pathname);
        expect([pathname, response.status, await titleOf(response)]).toEqual([pathname, 200, 'shop']);
      }

      const asset = await fetch(`${shop.url}/admin/assets/admin-abc123.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // A missing file of the back-office is not answered with the shop's page.
      expect((await fetch(`${shop.url}/admin/assets/gone-000000.js`)).status).toBe(404);
      expect((await page(shop, '/api/no-such-route')).status).toBe(404);
    } finally {
      await shop.stop();
    }
  });

  it('answers /favicon.ico with the shop’s icon, cached for long', async () => {
    const build = fakeBuild('shop-with-icon');
    const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"/></svg>';
    writeFileSync(path.join(build, 'favicon.svg'), icon);
    const shop = await startTestShop({
      databaseUrl: database.url,
      env: { WEB_SHOP_DIR: build, ADMIN_DIR: fakeBuild('admin') },
    });
    try {
      // As browsers ask for it: whatever they accept, never the shop's page nor a 404.
      for (const accept of ['image/avif,image/webp,image/*,*/*;q=0.8', 'text/html,*/*']) {
        const response = await fetch(`${shop.url}/favicon.ico`, { headers: { Accept: accept } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        expect(response.headers.get('cache-control')).toBe('public, max-age=604800');
        expect(await response.text()).toBe(icon);
      }
      expect((await fetch(`${shop.url}/favicon.ico`, { method: 'HEAD' })).status).toBe(200);
    } finally {
      await shop.stop();
    }
  });

  it('leaves /admin to the shop (its 404 screen) when the back-office is not built', async () => {
    const shop = await startTestShop({
      databaseUrl: database.url,
      env: { WEB_SHOP_DIR: fakeBuild('shop'), ADMIN_DIR: path.join(builds, 'missing') },
    });
    try {
      const response = await page(shop, '/admin/inquiries');
      expect([response.status, await titleOf(response)]).toEqual([200, 'shop']);
    } finally {
      await shop.stop();
    }
  });
});
