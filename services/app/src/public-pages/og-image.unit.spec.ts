import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Plan } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueAnswers } from '../catalogue/catalogue-answers.js';
import { PLAN_IMAGE_SIZE, PlanImages, planImagePath, planImageSvg, SHOP_IMAGE_PATH } from './og-image.js';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e50914"/></svg>';
const plans = [
  { id: 'netflix', name: 'Netflix', logo: '/logos/netflix.svg' },
  { id: 'elsewhere', name: 'Ailleurs & Cie', logo: 'https://cdn.example/logo.svg' },
  { id: 'escaping', name: 'Escaping', logo: '/../../etc/passwd.svg' },
] as unknown as Plan[];
const catalogue = { plans: () => Promise.resolve(plans) } as unknown as CatalogueAnswers;

let dir: string;
let images: PlanImages;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'og-image-'));
  mkdirSync(path.join(dir, 'logos'));
  writeFileSync(path.join(dir, 'logos', 'netflix.svg'), LOGO);
  writeFileSync(path.join(dir, 'favicon.svg'), LOGO);
  images = new PlanImages({ webShopDir: dir, catalogue, brand: 'PremiumShare', language: 'fr' });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("a plan's picture for link previews", () => {
  it('is a 1200×630 PNG of the plan on sale, drawn once', async () => {
    const png = await images.png('netflix');
    expect(pngSize(png!)).toEqual(PLAN_IMAGE_SIZE);
    expect(await images.png('netflix')).toBe(png);
    expect(planImagePath('netflix')).toBe('/og/plans/netflix.png');
  });

  it('draws the logo from the shop’s files and the name, escaped', () => {
    const svg = planImageSvg({ name: 'Ailleurs & <Cie>', logoSvg: LOGO, brand: 'PremiumShare' });
    expect(svg).toContain(
      '<svg x="110" y="165" width="300" height="300" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect',
    );
    expect(svg).toContain('Ailleurs &amp; &lt;Cie&gt;');
  });

  it('draws the name alone for a logo elsewhere or outside the shop’s files, and nothing for a plan not on sale', async () => {
    expect(pngSize((await images.png('elsewhere'))!)).toEqual(PLAN_IMAGE_SIZE);
    expect(pngSize((await images.png('escaping'))!)).toEqual(PLAN_IMAGE_SIZE);
    expect(await images.png('spotify')).toBeNull();
  });
});

describe("the shop's picture for link previews", () => {
  it('is a 1200×630 PNG of the brand and its mark, for the pages that are not a plan’s, drawn once', () => {
    const png = images.shopPng();
    expect(pngSize(png)).toEqual(PLAN_IMAGE_SIZE);
    expect(images.shopPng()).toBe(png);
    expect(SHOP_IMAGE_PATH).toBe('/og/shop.png');
  });
});
