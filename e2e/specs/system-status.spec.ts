import { expect, open, systemCli, test } from '../fixtures/site.ts';

test.describe('system status', () => {
  test.afterEach(async () => {
    await systemCli('maintenance', 'off');
    await systemCli('region', 'off');
  });

  test('shows the maintenance page (status 1), live, and the site again when it ends', async ({ page, shoot }) => {
    await open(page, '/');
    await systemCli('maintenance', 'on', '--pt', 'Voltamos às 10h', '--en', 'Back at 10');
    // No reload: the change is pushed over /ws.
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    await expect(page.getByTestId('maintenance-message')).toContainText('Voltamos às 10h');
    await shoot('maintenance');
    await systemCli('maintenance', 'off');
    await expect(page.getByTestId('app-shell')).toBeVisible();
  });

  test('shows the region-blocked page (status 2) with the visitor IP (the customer-service button is covered by root-view.test.tsx)', async ({ page, shoot }) => {
    await systemCli('region', 'block', '127.0.0.1', '::1');
    await open(page, '/');
    await expect(page.getByTestId('blocked-page')).toBeVisible();
    await expect(page.getByTestId('blocked-ip')).toContainText(/127\.0\.0\.1|::1/);
    await shoot('region-blocked');
  });
});
