// Usage: node render-report.cjs NODE_MODULES REPORT.html SCREENSHOT-PREFIX
// Opens a `mutorture report --html` page in headless Chromium (Debian's /usr/bin/chromium, or
// $CHROMIUM) through playwright-core, with every network request other than the file itself
// refused (the page must work offline). Prints what a person would see: the number of files
// and of distinct mutants the file views show, and the "Total" of the "All files" row; writes
// PREFIX-root.png (the summary) and PREFIX-file.png (the first file with its mutants); when the
// page shows its "Gaps closed" section, its summary line and how many closed survivors it lists
// (gaps, gaps-closed). Exits
// non-zero on a page error, a network request, or a page that does not render.
'use strict';
const path = require('path');

if (process.argv.length !== 5) {
  console.error('usage: node render-report.cjs NODE_MODULES REPORT.html SCREENSHOT-PREFIX');
  process.exit(129);
}
const { chromium } = require(path.join(process.argv[2], 'playwright-core'));
const url = 'file://' + path.resolve(process.argv[3]);
const prefix = process.argv[4];

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const failures = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith('file:')) return route.continue();
      failures.push(`network request: ${route.request().url()}`);
      return route.abort();
    });
    await page.goto(url);
    // Playwright's CSS locators pierce the components' open shadow roots.
    const allFiles = page.locator('mte-metrics-table tbody tr').first();
    await allFiles.waitFor({ timeout: 30000 });
    const total = (await allFiles.locator('td').last().innerText()).trim();
    await page.screenshot({ path: `${prefix}-root.png`, fullPage: true });
    // The "Gaps closed" section above the viewer, when torture changes were tried.
    const gaps = page.locator('#gaps-closed');
    const gapsShown = await gaps.isVisible();
    let gapsSummary = '', gapsClosed = 0;
    if (gapsShown) {
      gapsSummary = (await page.locator('#gaps-summary').innerText()).trim();
      gapsClosed = await page.locator('#gaps-survivors tbody tr').count();
    }

    const files = await page.evaluate(() =>
      Object.keys(document.querySelector('mutation-test-report-app').report.files));
    const ids = new Set();
    for (const [i, file] of files.entries()) {
      await page.goto(`${url}#mutant/${file}`);
      const spans = page.locator('mte-file [data-mutant-id]');
      await spans.first().waitFor({ timeout: 30000 });
      for (const id of await spans.evaluateAll((els) => els.map((e) => e.dataset.mutantId)))
        ids.add(id);
      if (i === 0) await page.screenshot({ path: `${prefix}-file.png`, fullPage: true });
    }
    console.log(`files\t${files.length}`);
    console.log(`mutants\t${ids.size}`);
    console.log(`total\t${total}`);
    if (gapsShown) {
      console.log(`gaps\t${gapsSummary}`);
      console.log(`gaps-closed\t${gapsClosed}`);
    }
  } finally {
    await browser.close();
  }
  for (const f of failures) console.error(f);
  process.exit(failures.length ? 1 : 0);
})().catch((e) => {
  console.error(`render-report: ${e.message}`);
  process.exit(1);
});
