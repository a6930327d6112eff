import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../test/e2e/browser.js';
import { freePort } from '../src/testing/free-port.js';
import { startShop } from './http.js';
import { formatTable, percentile, round } from './stats.js';

/**
 * The shop's public pages on a phone, as Lighthouse's mobile run sees them: the built shop served
 * by a real API process, opened in Debian's Chromium with Lighthouse's phone (a moto g power: 412×823
 * at 1.75, touch, its user agent) and its throttling applied through the DevTools protocol (the CPU
 * 4× slower, 150 ms added to each request, 1.6 Mbit/s down and 750 kbit/s up), each run in a new
 * browser context (a cold cache, new connections). The figures are read in the page from its
 * performance entries, observed from before its first script.
 */

const WEB_SHOP = fileURLToPath(new URL('../../../web-shop/', import.meta.url));

/** Lighthouse's mobile settings (its `moto g power (2022)` screen and user agent, its `mobileSlow4G` throttling). */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  cpuSlowdown: 4,
  latencyMs: 150,
  /** Lighthouse's 1.6 Mbit/s (1.6 × 1024 kbit/s) and 750 kbit/s, in bytes per second as the protocol takes them. */
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/** The product's figures for a phone, judged on the median run. */
export const PAGE_TARGETS = { lcpMs: 2000, tbtMs: 200, cls: 0.05 };

/** After the load event, a page is done once neither a long task nor a response came for this long (TBT's end, as TTI's quiet window). */
const QUIET_MS = 5000;
/** …or this long after the navigation started, whichever comes first. */
const MAX_WAIT_MS = 30_000;
const LONG_TASK_MS = 50;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The compression middleware's default threshold. */
const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Layout shifts are grouped as Lighthouse (and Chrome's CLS) groups them: a gap of 1 s ends a window, which lasts 5 s at most. */
const SHIFT_GAP_MS = 1000;
const SHIFT_WINDOW_MS = 5000;

export interface PageRun {
  /** The HTML's first byte after the navigation started. */
  ttfbMs: number;
  fcpMs: number;
  lcpMs: number;
  /** The element of the last largest-contentful-paint entry, as `tag#id.class "text"`. */
  lcpElement: string;
  tbtMs: number;
  /** The largest session window of layout shifts without recent input (Lighthouse's CLS). */
  cls: number;
  /** Every layout shift without recent input, added up. */
  clsSum: number;
  /** Bytes received over the (throttled) network, headers included, and the requests finished. */
  bytes: number;
  requests: number;
  /** How long the page was followed after its navigation started (the quiet window or the bound). */
  watchedMs: number;
}

type Metric = 'ttfbMs' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'bytes';

export interface PageFigures {
  page: string;
  path: string;
  runs: PageRun[];
  median: Record<Metric, number>;
  worst: Record<Metric, number>;
  /** The LCP element of the median run. */
  lcpElement: string;
  /** Whether the median run meets each target (the reference is not judged). */
  passes: { lcp: boolean; tbt: boolean; cls: boolean } | null;
}

export interface StaticAssetAnswer {
  path: string;
  /** As sent. */
  bytes: number;
  cacheControl: string | null;
  contentEncoding: string | null;
  ok: boolean;
}

export interface PagesFigures {
  browser: string;
  runsPerPage: number;
  conditions: typeof PHONE;
  targets: typeof PAGE_TARGETS;
  /** The shop's build measured: built here for the run, or the one BENCH_WEB_SHOP_DIR named. */
  build: { dir: string; seconds: number | null };
  /** The home page's HTML as the browser receives it (Brotli), in bytes: the reference page's size. */
  homeHtmlBytes: number;
  pages: PageFigures[];
  staticAssets: StaticAssetAnswer[];
  /** The machine's load average (1 min) before and after the phase: the CPU slowdown is on top of it. */
  loadAverage: { before: number; after: number };
}

/**
 * Collects the page's paints, layout shifts and long tasks from before its first script
 * (a Playwright init script), with the time of the last long task or response.
 */
const OBSERVER_SCRIPT = `(() => {
  const seen = { fcp: null, lcp: [], shifts: [], longTasks: [], lastActivity: 0 };
  Object.defineProperty(window, '__pageSpeed', { value: seen });
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node ? '#text' : '';
    const classes = typeof node.className === 'string' ? node.className.trim().split(/\\s+/).filter(Boolean) : [];
    const text = (node.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (classes[0] ? '.' + classes[0] : '') + (text ? ' "' + text + '"' : '');
  };
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // An entry type this browser does not know: its figure stays empty.
    }
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') seen.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => seen.lcp.push({ t: e.startTime, element: describe(e.element) + (e.url ? ' ' + e.url : '') }));
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) seen.shifts.push({ t: e.startTime, value: e.value, sources: (e.sources || []).map((s) => describe(s.node)) });
  });
  observe('longtask', (e) => {
    seen.longTasks.push({ start: e.startTime, duration: e.duration });
    seen.lastActivity = Math.max(seen.lastActivity, e.startTime + e.duration);
  });
  observe('resource', (e) => { seen.lastActivity = Math.max(seen.lastActivity, e.responseEnd); });
})();`;

/** What the observer script saw so far, with the page's clock and when it was last busy (load included). */
const READ_OBSERVED = `(() => {
  const seen = window.__pageSpeed;
  const load = performance.getEntriesByType('navigation')[0];
  return {
    ...seen,
    now: performance.now(),
    firstByte: load ? load.responseStart : null,
    quietSince: Math.max(seen.lastActivity, load ? load.loadEventEnd : 0),
  };
})()`;

interface Observed {
  fcp: number | null;
  lcp: Array<{ t: number; element: string }>;
  shifts: Array<{ t: number; value: number; sources: string[] }>;
  longTasks: Array<{ start: number; duration: number }>;
  lastActivity: number;
  /** The HTML's first byte (the server's time, plus one round trip and more under throttling). */
  firstByte: number | null;
  now: number;
  quietSince: number;
}

/**
 * The phone figures of the shop's home page and of a plan page (in French, the default), each
 * `runs` times, and of a reference page under the same conditions: a bare Node server sending
 * a page of the home page's size with one paragraph (its LCP is the floor the network sets).
 */
export async function benchPages(options: {
  databaseUrl: string;
  redisUrl: string;
  runs: number;
  /** An existing build to measure; otherwise the shop is built for the run into a folder of its own. */
  webShopDir?: string;
}): Promise<PagesFigures> {
  const loadBefore = loadAverage();
  const work = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-pages-'));
  try {
    let buildSeconds: number | null = null;
    let webShopDir = options.webShopDir;
    if (!webShopDir) {
      webShopDir = path.join(work, 'web-shop');
      const started = performance.now();
      await buildWebShop(webShopDir);
      buildSeconds = round((performance.now() - started) / 1000, 1);
    }
    const shop = await startShop('postgresql+redis', { ...options, env: { WEB_SHOP_DIR: webShopDir } });
    try {
      const planId = await firstPlanOnSale(shop.url);
      const shopPages = [
        { page: 'home', path: '/' },
        { page: 'plan', path: `/subscription/${planId}` },
      ];
      // The server's first render of a page in a process loads its screen's code (and may run out of
      // time on a busy machine, the page then leaving without its body): not what a visitor meets.
      for (const { path: pathname } of [...shopPages, ...shopPages]) {
        await fetch(`${shop.url}${pathname}`, { headers: { accept: 'text/html' } }).then((answer) => answer.text());
      }
      const home = await fetchRaw(`${shop.url}/`, { accept: 'text/html', 'accept-encoding': 'br' });
      if (home.status !== 200) throw new Error(`the shop's home page answered ${home.status}`);
      const staticAssets = await checkStaticAssets(shop.url, home.body.toString('utf8'));
      const reference = await startReferenceServer(home.bytes);
      const browser = await launchChromium();
      try {
        const pages: PageFigures[] = [];
        const cases = [
          ...shopPages.map((page) => ({ ...page, base: shop.url })),
          { page: 'reference', path: '/', base: reference.url },
        ];
        for (const spec of cases) {
          const runs: PageRun[] = [];
          for (let i = 0; i < options.runs; i++) runs.push(await measurePage(browser, `${spec.base}${spec.path}`));
          pages.push(summarizePage(spec.page, spec.path, runs, spec.page !== 'reference'));
        }
        return {
          browser: `Chromium ${browser.version()}`,
          runsPerPage: options.runs,
          conditions: PHONE,
          targets: PAGE_TARGETS,
          build: { dir: options.webShopDir ?? 'built for the run', seconds: buildSeconds },
          homeHtmlBytes: home.bytes,
          pages,
          staticAssets,
          loadAverage: { before: loadBefore, after: loadAverage() },
        };
      } finally {
        await browser.close();
        reference.stop();
      }
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function printPages(f: PagesFigures): void {
  const c = f.conditions;
  console.log(
    `\nPages on a phone: ${f.browser} (headless, through playwright-core), ${f.runsPerPage} runs per page, each in a new context (cold cache, new connections)`,
  );
  console.log(
    `Lighthouse's mobile conditions through the DevTools protocol: CPU ${c.cpuSlowdown}x slower, ${c.latencyMs} ms added to each request, ${round((c.downloadBytesPerSecond * 8) / 2 ** 20, 2)} Mbit/s down, ${round((c.uploadBytesPerSecond * 8) / 2 ** 10)} kbit/s up; ${c.viewport.width}x${c.viewport.height} at ${c.deviceScaleFactor}, touch, a phone's user agent`,
  );
  console.log(
    `Shop: ${f.build.seconds === null ? f.build.dir : `web-shop built for the run in ${f.build.seconds} s`}, served by the API in its own process (NODE_ENV=production, PostgreSQL + Redis); load average ${f.loadAverage.before} before, ${f.loadAverage.after} after`,
  );
  console.log(
    `LCP: the last largest-contentful-paint entry; CLS: the largest 5 s session window of layout shifts (the plain sum in the JSON); TBT: over long tasks after FCP, until ${QUIET_MS / 1000} s without a long task or a response after load (at most ${MAX_WAIT_MS / 1000} s), each one's time over ${LONG_TASK_MS} ms. Reference: a bare Node server sending a page of ${f.homeHtmlBytes} bytes (the home page's HTML as sent, Brotli) with one paragraph, uncompressed`,
  );
  console.log(
    formatTable(
      [
        'page',
        'TTFB ms',
        'FCP ms',
        'LCP ms',
        'LCP worst',
        'TBT ms',
        'TBT worst',
        'CLS',
        'CLS worst',
        'KB',
        'requests',
        'LCP element (median run)',
      ],
      f.pages.map((p) => [
        `${p.page} ${p.path}`,
        p.median.ttfbMs,
        p.median.fcpMs,
        p.median.lcpMs,
        p.worst.lcpMs,
        p.median.tbtMs,
        p.worst.tbtMs,
        p.median.cls,
        p.worst.cls,
        round(p.median.bytes / 1024, 1),
        percentile(
          p.runs.map((r) => r.requests).sort((a, b) => a - b),
          50,
        ),
        p.lcpElement,
      ]),
    ),
  );
  const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  for (const p of f.pages) {
    if (!p.passes) continue;
    console.log(
      `${p.page}: LCP ${p.median.lcpMs} ms ≤ ${f.targets.lcpMs} ${verdict(p.passes.lcp)}, TBT ${p.median.tbtMs} ms ≤ ${f.targets.tbtMs} ${verdict(p.passes.tbt)}, CLS ${p.median.cls} ≤ ${f.targets.cls} ${verdict(p.passes.cls)} (median runs)`,
    );
  }
  const brotli = f.staticAssets.filter((asset) => asset.contentEncoding === 'br').length;
  console.log(
    `Hashed files the home page links, asked with Accept-Encoding: br: ${f.staticAssets.filter((asset) => asset.cacheControl === IMMUTABLE).length} of ${f.staticAssets.length} sent "${IMMUTABLE}", ${brotli} Brotli-compressed (${f.staticAssets.filter((asset) => asset.ok && asset.contentEncoding === null).length} under the 1 KB threshold, sent as they are)`,
  );
  const missed = f.pages.filter((p) => p.passes && !(p.passes.lcp && p.passes.tbt && p.passes.cls));
  if (missed.length > 0) console.log(`WARNING: phone targets missed on ${missed.map((p) => p.page).join(', ')}`);
  for (const asset of f.staticAssets.filter((a) => !a.ok)) {
    console.log(
      `WARNING: ${asset.path} (${asset.bytes} bytes): Cache-Control ${asset.cacheControl ?? '(none)'}, Content-Encoding ${asset.contentEncoding ?? '(none)'}`,
    );
  }
}

/** `vite build` of the shop and of its server renderer, as `npm run build -w @shop/web-shop` does, into `outDir`. */
async function buildWebShop(outDir: string): Promise<void> {
  const vite = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn('npx', ['vite', 'build', ...args, '--logLevel', 'warn'], {
        cwd: WEB_SHOP,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build ended with ${code}`))));
    });
  await vite(['--outDir', outDir, '--emptyOutDir']);
  await vite(['--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, '.ssr')]);
}

async function firstPlanOnSale(url: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`${url}/api/plans`);
    const plans = answer.ok ? ((await answer.json()) as { data: Array<{ id: string }> }).data : [];
    if (plans[0]) return plans[0].id;
    if (Date.now() > deadline) throw new Error('no plan on sale within 60 s of the shop starting');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** An answer as it came over the wire (not decompressed), its body decompressed aside when it is Brotli. */
function fetchRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes: raw.length,
            body: res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(raw) : raw,
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The hashed scripts and styles the home page's HTML links, asked for as a browser asks (Brotli accepted). */
async function checkStaticAssets(url: string, html: string): Promise<StaticAssetAnswer[]> {
  const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const answers: StaticAssetAnswer[] = [];
  for (const asset of new Set(linked)) {
    const answer = await fetchRaw(`${url}${asset}`, { 'accept-encoding': 'br' });
    const cacheControl = answer.headers['cache-control'] ?? null;
    const contentEncoding = answer.headers['content-encoding'] ?? null;
    // The compression middleware leaves answers under 1 KB as they are (its threshold): nothing to gain.
    const small = contentEncoding === null && answer.bytes < COMPRESSION_THRESHOLD_BYTES;
    answers.push({
      path: asset,
      bytes: answer.bytes,
      cacheControl,
      contentEncoding,
      ok: cacheControl === IMMUTABLE && (contentEncoding === 'br' || small),
    });
  }
  return answers;
}

/** A bare Node server sending one page of `bytes` bytes: a title, one paragraph, and a comment to make up the size. */
async function startReferenceServer(bytes: number): Promise<{ url: string; stop: () => void }> {
  const head =
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Référence</title></head><body>' +
    '<p style="font: 1.25rem/1.5 sans-serif; margin: 1rem">Vos abonnements premium partagés, moins chers, sans engagement : choisissez une offre et profitez-en tout de suite.</p><!-- ';
  const tail = ' --></body></html>';
  const padding = Math.max(0, bytes - Buffer.byteLength(head + tail));
  const page = head + randomBytes(padding).toString('base64').slice(0, padding) + tail;
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      '-e',
      `const body = Buffer.from(process.argv[1]);
       require('node:http').createServer((req, res) => {
         res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, 'cache-control': 'no-cache' });
         res.end(body);
       }).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('listening'));`,
      page,
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    server.stdout!.once('data', () => resolve());
    server.once('exit', (code) => reject(new Error(`the reference server ended (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => server.kill() };
}

async function measurePage(browser: Browser, url: string): Promise<PageRun> {
  const context = await browser.newContext({
    viewport: PHONE.viewport,
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE.userAgent,
    locale: 'fr-FR',
  });
  try {
    await context.addInitScript(OBSERVER_SCRIPT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downloadBytesPerSecond,
      uploadThroughput: PHONE.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    let observed: Observed;
    for (;;) {
      observed = await page.evaluate<Observed>(READ_OBSERVED);
      if (observed.now - observed.quietSince >= QUIET_MS || observed.now >= MAX_WAIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await cdp.detach();
    return figuresOf(observed, bytes, requests);
  } finally {
    await context.close();
  }
}

function figuresOf(observed: Observed, bytes: number, requests: number): PageRun {
  const fcp = observed.fcp ?? Number.NaN;
  const lcp = observed.lcp.at(-1);
  // Lighthouse's TBT: the part of each long task after FCP (and before the page went quiet) over 50 ms.
  const end = Math.min(observed.quietSince, observed.now);
  let tbt = 0;
  for (const task of observed.longTasks) {
    const clipped = Math.min(task.start + task.duration, end) - Math.max(task.start, fcp);
    if (clipped > LONG_TASK_MS) tbt += clipped - LONG_TASK_MS;
  }
  let cls = 0;
  let windowValue = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of [...observed.shifts].sort((a, b) => a.t - b.t)) {
    if (shift.t - previous > SHIFT_GAP_MS || shift.t - windowStart > SHIFT_WINDOW_MS) {
      windowValue = 0;
      windowStart = shift.t;
    }
    windowValue += shift.value;
    previous = shift.t;
    cls = Math.max(cls, windowValue);
  }
  return {
    ttfbMs: Math.round(observed.firstByte ?? Number.NaN),
    fcpMs: Math.round(fcp),
    lcpMs: Math.round(lcp?.t ?? Number.NaN),
    lcpElement: lcp?.element ?? '',
    tbtMs: Math.round(tbt),
    cls: round(cls, 3),
    clsSum: round(
      observed.shifts.reduce((sum, shift) => sum + shift.value, 0),
      3,
    ),
    bytes,
    requests,
    watchedMs: Math.round(observed.now),
  };
}

function summarizePage(page: string, pathname: string, runs: PageRun[], judged: boolean): PageFigures {
  const metrics: Metric[] = ['ttfbMs', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'bytes'];
  const sorted = (metric: Metric) => runs.map((run) => run[metric]).sort((a, b) => a - b);
  const median = Object.fromEntries(metrics.map((m) => [m, percentile(sorted(m), 50)])) as Record<Metric, number>;
  const worst = Object.fromEntries(metrics.map((m) => [m, sorted(m).at(-1) ?? Number.NaN])) as Record<Metric, number>;
  const medianRun = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.ceil(runs.length / 2) - 1];
  return {
    page,
    path: pathname,
    runs,
    median,
    worst,
    lcpElement: medianRun?.lcpElement ?? '',
    passes: judged
      ? {
          lcp: median.lcpMs <= PAGE_TARGETS.lcpMs,
          tbt: median.tbtMs <= PAGE_TARGETS.tbtMs,
          cls: median.cls <= PAGE_TARGETS.cls,
        }
      : null,
  };
}

function loadAverage(): number {
  return round(os.loadavg()[0]!, 2);
}
