import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/messages';
import { apiUser, fakeApi, jsonResponse, renderConsole, storeSession } from './helpers';
import { fakeDataProvider, renderSignedIn, summary } from './products-helpers';

/**
 * Errors that offer 'Try Again' can be dismissed too (spec: errors show as dismissible banners),
 * and a search typed on a list is never applied unseen on a later visit.
 */

beforeAll(async () => {
  await import('../../src/admin/pages/DashboardPage');
  await import('../../src/admin/products/ProductList');
  await import('../../src/admin/pods/PodList');
  await import('../../src/admin/programs/ProgramList');
});

const alertWith = (text: string) =>
  screen.findAllByRole('alert').then((alerts) => alerts.find((a) => a.textContent?.includes(text)));

describe('load errors', () => {
  it.each([
    ['/products', messages.lists.loadFailed.products],
    ['/pods', messages.lists.loadFailed.pods],
    ['/programs', messages.lists.loadFailed.programs],
  ])("on %s offer 'Try Again' and can be dismissed", async (path, text) => {
    const dataProvider = fakeDataProvider({
      getList: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    renderSignedIn(path, dataProvider);
    const alert = (await alertWith(text))!;
    expect(within(alert).getByRole('button', { name: messages.app.tryAgain })).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
  });

  it("on the dashboard's figures offer 'Try Again' and can be dismissed", async () => {
    storeSession();
    fakeApi({
      'GET /api/auth/verify': () => jsonResponse(200, { valid: true, user: apiUser() }),
      'GET /api/dashboard': () => jsonResponse(503, { error: 'Database unreachable' }),
    });
    renderConsole('/dashboard');
    const alert = (await alertWith('Database unreachable'))!;
    expect(within(alert).getByRole('button', { name: messages.app.tryAgain })).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Database unreachable')).not.toBeInTheDocument());
  });

  it('shows a later failure again after one was dismissed', async () => {
    const getList = vi.fn(async () => {
      throw new HttpError('x', 503, {
        error: `Database unreachable (${getList.mock.calls.length})`,
      });
    });
    renderSignedIn('/products', fakeDataProvider({ getList }));
    const first = (await alertWith('Database unreachable'))!;
    fireEvent.click(within(first).getByRole('button', { name: messages.app.tryAgain }));
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(1));
    const again = (await alertWith('Database unreachable'))!;
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('a search typed on a list', () => {
  it.each([
    ['/products', messages.products.fields.search, messages.nav.products, messages.nav.pods],
    ['/pods', messages.pods.listFields.search, messages.nav.pods, messages.nav.products],
  ])(
    'on %s is shown as its tag and in the box on the next visit',
    async (path, label, nav, other) => {
      const dataProvider = fakeDataProvider({
        getList: vi.fn(async () => ({
          data: [summary({ id: 'p1', name: 'Morning Walks' })],
          total: 1,
        })),
      });
      renderSignedIn(path, dataProvider);
      fireEvent.change(await screen.findByLabelText(label), { target: { value: 'walk' } });
      expect(await screen.findByText('Search: walk')).toBeInTheDocument();

      const user = userEvent.setup();
      await user.click(screen.getByRole('link', { name: other }));
      await waitFor(() => expect(screen.getByTestId('path')).not.toHaveTextContent(path));
      await user.click(screen.getByRole('link', { name: nav }));
      await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(path));

      // Still applied, and said so: its tag (removable) and the box hold it.
      const tag = await screen.findByText('Search: walk');
      expect(await screen.findByLabelText(label)).toHaveValue('walk');
      const lastFilter = () =>
        (dataProvider.getList.mock.calls.at(-1) as unknown as [string, { filter: unknown }])[1]
          .filter;
      expect(lastFilter()).toEqual({ q: 'walk' });
      fireEvent.click(within(tag.closest('.MuiChip-root')!).getByTestId('CancelIcon'));
      await waitFor(() => expect(lastFilter()).toEqual({}));
      expect(screen.getByLabelText(label)).toHaveValue('');
    },
  );
});
