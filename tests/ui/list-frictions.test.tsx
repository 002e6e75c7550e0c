import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../../src/admin/lists/useDebouncedValue';
import DashboardPage from '../../src/admin/pages/DashboardPage';
import PodList from '../../src/admin/pods/PodList';
import { ProductList } from '../../src/admin/products/ProductList';
import ProgramList from '../../src/admin/programs/ProgramList';
import { messages } from '../../src/shared/messages';
import { jsonResponse, renderConsole, renderScreen, signIn } from './helpers';
import { fakeDataProvider, summary } from './products-helpers';

/**
 * Errors that offer 'Try Again' can be dismissed too (spec: errors show as dismissible banners),
 * and a search typed on a list is never applied unseen on a later visit.
 */

const lists: Record<string, ReactElement> = {
  '/products': <ProductList />,
  '/pods': <PodList />,
  '/programs': <ProgramList />,
};

/** The list at `path` ('/products'), signed in, with `dataProvider` answering the data calls. */
function openList(path: string, dataProvider: object) {
  signIn();
  renderScreen(lists[path]!, { path, resource: path.slice(1), dataProvider });
}

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
    openList(path, dataProvider);
    const alert = (await alertWith(text))!;
    expect(within(alert).getByRole('button', { name: messages.app.tryAgain })).toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
  });

  it("on the dashboard's figures offer 'Try Again' and can be dismissed", async () => {
    signIn({ 'GET /api/dashboard': () => jsonResponse(503, { error: 'Database unreachable' }) });
    renderScreen(<DashboardPage />, { path: '/dashboard' });
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
    openList('/products', fakeDataProvider({ getList }));
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
    // The next visit goes through the top bar's links: the whole console.
    async (path, label, nav, other) => {
      // The search is sent after a pause in typing: the fake clock makes it.
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const dataProvider = fakeDataProvider({
        getList: vi.fn(async () => ({
          data: [summary({ id: 'p1', name: 'Morning Walks' })],
          total: 1,
        })),
      });
      signIn();
      renderConsole(path, { dataProvider: dataProvider as never });
      fireEvent.change(await screen.findByLabelText(label), { target: { value: 'walk' } });
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
      expect(await screen.findByText('Search: walk')).toBeInTheDocument();

      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
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
