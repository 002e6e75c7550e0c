import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server';
import { launchChromium, screenshot } from './helpers/browser';

/**
 * The API's reference in a browser: the real server, /api/docs in Chromium, without signing in.
 * Swagger UI must run under the server's Content-Security-Policy and list every route.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  expect(await server?.stop()).toBe(0);
});

describe('the API reference', () => {
  it('lists every route of the OpenAPI document, with no blocked script or style', async () => {
    const spec = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(operations.length).toBeGreaterThan(40);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/api/docs`);
    await page.locator('.opblock').first().waitFor();

    const listed = await page.locator('.opblock-summary').evaluateAll((blocks) =>
      blocks.map((block) => ({
        method: block.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '',
        path: block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '',
      })),
    );
    for (const operation of operations) expect(listed).toContainEqual(operation);
    expect(await page.getByText('Tidings API').first().isVisible()).toBe(true);

    // One route opened, to see its parameters and body rendered from the schemas.
    await page.locator('#operations-Pods-post_api_pods__id__members').click();
    await page.getByText('Add one member, a list, or every participant a search matches').waitFor();
    await screenshot(page, 'api-docs');
    expect(problems).toEqual([]);
    await page.close();
  });
});
