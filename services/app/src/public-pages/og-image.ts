import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@shop/domain';
import { Resvg } from '@resvg/resvg-js';
import type { CatalogueAnswers } from '../catalogue/catalogue-answers.js';

/**
 * A plan's picture for link previews (`og:image`, `twitter:image`): Facebook, X and WhatsApp take
 * no SVG, so the plan's logo and name are drawn into a PNG of the size they ask for (1.91:1),
 * on the first request for it, with resvg (prebuilt binaries, no native build).
 */
export const PLAN_IMAGE_SIZE = { width: 1200, height: 630 };

const PLAN_IMAGES = '/og/plans/';
/** A plan renamed or given another logo gets a new picture; the oldest are let go beyond this many. */
const MAX_IMAGES_KEPT = 500;
/** The splash's colours: the shop's purple. */
const BACKGROUND = ['#2e1065', '#4c1d95', '#6d28d9'];
const FONTS = "Arial, Helvetica, 'DejaVu Sans', sans-serif";

/** The address of the shop's own preview picture, for the pages that are not a plan's. */
export const SHOP_IMAGE_PATH = '/og/shop.png';

/** The address of a plan's preview picture, for `og:image`. */
export function planImagePath(planId: string): string {
  return `${PLAN_IMAGES}${encodeURIComponent(planId)}.png`;
}

/** The picture as SVG: the shop's background, the logo on the left, the plan's name and the brand beside it. */
export function planImageSvg(plan: { name: string; logoSvg: string | null; brand: string }): string {
  const { width, height } = PLAN_IMAGE_SIZE;
  const logo = plan.logoSvg ? placedLogo(plan.logoSvg, { x: 110, y: 165, size: 300 }) : '';
  const textX = plan.logoSvg ? 470 : 110;
  // The name fits the space right of the logo: long names get a smaller type.
  const nameSize = Math.min(96, Math.floor((width - textX - 80) / (0.58 * Math.max(plan.name.length, 1))));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><linearGradient id="background" x1="0" y1="0" x2="1" y2="1">',
    ...BACKGROUND.map((color, i) => `<stop offset="${[0, 0.55, 1][i]}" stop-color="${color}"/>`),
    '</linearGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#background)"/>`,
    logo,
    `<text x="${textX}" y="330" font-family="${FONTS}" font-size="${nameSize}" font-weight="700" fill="#ffffff">${escapeXml(plan.name)}</text>`,
    plan.brand
      ? `<text x="${textX}" y="410" font-family="${FONTS}" font-size="44" fill="#ffffff" fill-opacity="0.8">${escapeXml(plan.brand)}</text>`
      : '',
    '</svg>',
  ].join('');
}

export function renderPng(svg: string): Buffer {
  return new Resvg(svg, { font: { loadSystemFonts: true }, fitTo: { mode: 'original' } }).render().asPng();
}

/** Each plan on sale's picture, drawn once per name and logo, from the same catalogue snapshot as its page. */
export class PlanImages {
  private readonly drawn = new Map<string, Buffer>();

  constructor(
    private readonly deps: { webShopDir: string; catalogue: CatalogueAnswers; brand: string; language: Language },
  ) {}

  /** The PNG of a plan on sale, or null. */
  async png(planId: string): Promise<Buffer | null> {
    const plan = (await this.deps.catalogue.plans(this.deps.language)).find((candidate) => candidate.id === planId);
    if (!plan) return null;
    const key = `${plan.id}\n${plan.name}\n${plan.logo}`;
    let png = this.drawn.get(key);
    if (!png) {
      png = renderPng(planImageSvg({ name: plan.name, logoSvg: this.logoSvg(plan.logo), brand: this.deps.brand }));
      if (this.drawn.size >= MAX_IMAGES_KEPT) this.drawn.delete(this.drawn.keys().next().value!);
      this.drawn.set(key, png);
    }
    return png;
  }

  /** The shop's picture: its mark (the favicon) and its name, for the pages that are not a plan's. */
  shopPng(): Buffer {
    let png = this.drawn.get(SHOP_IMAGE_PATH);
    if (!png) {
      png = renderPng(planImageSvg({ name: this.deps.brand, logoSvg: this.logoSvg('/favicon.svg'), brand: '' }));
      this.drawn.set(SHOP_IMAGE_PATH, png);
    }
    return png;
  }

  /** A logo among the shop's files (`/logos/netflix.svg`); another address (or none) draws the name alone. */
  private logoSvg(logo: string): string | null {
    if (!logo.startsWith('/') || !logo.endsWith('.svg')) return null;
    const root = path.resolve(this.deps.webShopDir);
    const file = path.resolve(root, `.${logo}`);
    if (!file.startsWith(`${root}${path.sep}`)) return null;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  }
}

/**
 * The logo (one of the shop's own files) nested as an `<svg>` at its place, rather than as an
 * `<image>`: resvg draws the text of a nested image without fonts, and the logos are letters.
 */
function placedLogo(logoSvg: string, at: { x: number; y: number; size: number }): string {
  const svg = logoSvg.slice(logoSvg.indexOf('<svg'));
  return svg.replace(/^<svg\b([^>]*)>/, (_, attributes: string) => {
    const kept = attributes.replace(/\s(?:x|y|width|height)="[^"]*"/g, '');
    return `<svg x="${at.x}" y="${at.y}" width="${at.size}" height="${at.size}"${kept}>`;
  });
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}
