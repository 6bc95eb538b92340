/// <reference lib="dom" />
import { chromium, type Browser } from 'playwright-core';
import { seedDemoData } from '../apps/server/src/seed/demo-data.ts';
import { startBenchSite } from './bench-site.ts';

/**
 * Home page load through the real server (built apps/web/dist, precompressed assets): first
 * contentful paint, largest contentful paint and bytes of JavaScript on the wire, in Debian
 * Chromium at desktop (1280) and phone (390) width, each run in a fresh context (cold cache).
 * Every width is measured twice: as browsers fetch (Accept-Encoding br, gzip) and with
 * Accept-Encoding: identity (the site as it was before precompression), on loopback and on a
 * throttled "4G" link (9 Mbit/s down, 40 ms RTT), where transfer size shows.
 * Build first: `npm run build -w @app/web`. RUNS=5 for more runs (default 3).
 */
const RUNS = Number(process.env.RUNS ?? 3);
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LINKS = [
  { name: 'loopback', throttle: undefined },
  { name: '4G', throttle: { latency: 40, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (3 * 1024 * 1024) / 8 } },
] as const;
const ENCODINGS = ['br, gzip', 'identity'] as const;

interface Sample {
  fcp: number;
  lcp: number;
  jsBytes: number;
  jsDecoded: number;
  totalBytes: number;
}

async function measure(browser: Browser, base: string, viewport: { width: number; height: number }, link: (typeof LINKS)[number], encoding: string): Promise<Sample> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (encoding === 'identity') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  if (link.throttle) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...link.throttle });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  // LCP is final once the page is idle and nothing new paints; give late images a moment.
  await page.waitForTimeout(500);
  const sample = await page.evaluate(
    () =>
      new Promise<Sample>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const scripts = resources.filter((entry) => entry.name.endsWith('.js'));
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          resolve({
            fcp,
            lcp: entries.at(-1)?.startTime ?? NaN,
            jsBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
            jsDecoded: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
            totalBytes: resources.reduce((sum, entry) => sum + entry.transferSize, 0) + (navigation?.transferSize ?? 0),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return sample;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`.padStart(8);
const msText = (value: number) => `${Math.round(value)}`.padStart(6);

const site = await startBenchSite('web_load', 55_300, { servePages: true, port: Number(process.env.PORT ?? 0) || undefined });
await seedDemoData(site.core.modules);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // One unmeasured load warms the server (first reads of the catalogue and content).
  await measure(browser, site.base, WIDTHS[0], LINKS[0], ENCODINGS[0]);
  console.log(`home page, ${RUNS} cold loads each; medians (min–max) in ms`);
  console.log('link      width    encoding   FCP ms (range)        LCP ms (range)        JS on wire  JS decoded  all on wire');
  for (const link of LINKS) {
    for (const viewport of WIDTHS) {
      for (const encoding of ENCODINGS) {
        const samples: Sample[] = [];
        for (let run = 0; run < RUNS; run += 1) samples.push(await measure(browser, site.base, viewport, link, encoding));
        const fcp = samples.map((sample) => sample.fcp);
        const lcp = samples.map((sample) => sample.lcp);
        console.log(
          `${link.name.padEnd(9)} ${viewport.name.padEnd(8)} ${encoding.padEnd(10)} ${msText(median(fcp))} (${Math.round(Math.min(...fcp))}–${Math.round(Math.max(...fcp))})`.padEnd(58) +
            `${msText(median(lcp))} (${Math.round(Math.min(...lcp))}–${Math.round(Math.max(...lcp))})`.padEnd(22) +
            `${kb(median(samples.map((sample) => sample.jsBytes)))}    ${kb(median(samples.map((sample) => sample.jsDecoded)))}   ${kb(median(samples.map((sample) => sample.totalBytes)))}`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await site.close();
}
