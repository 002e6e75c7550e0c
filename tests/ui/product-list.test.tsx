import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS } from '../../src/admin/lists/useDebouncedValue';
import ProductCreate from '../../src/admin/products/ProductCreate';
import { ProductList } from '../../src/admin/products/ProductList';
import { messages } from '../../src/shared/messages';
import { renderScreen, signIn } from './helpers';
import { fakeDataProvider, fillValidProduct, product, summary } from './products-helpers';

const t = messages.products;
const path = () => screen.getByTestId('path').textContent;
const rows = [
  summary({
    id: 'p1',
    name: 'Morning Walks',
    days: 7,
    status: 'active',
    createdAt: '2026-03-14T16:30:00.000Z',
  }),
  summary({ id: 'p2', name: 'Sleep Reset', days: 10, status: 'archived' }),
];

function listWith(data = rows, total = data.length) {
  return fakeDataProvider({ getList: vi.fn(async () => ({ data, total })) });
}

/** The products list, signed in, with `dataProvider` answering the data calls. */
function openList(dataProvider: object) {
  signIn();
  renderScreen(<ProductList />, { path: '/products', resource: 'products', dataProvider });
}

const lastListParams = (dataProvider: ReturnType<typeof fakeDataProvider>) =>
  (dataProvider.getList.mock.calls.at(-1) as unknown as [string, Record<string, unknown>])[1];

describe('/products', () => {
  it("shows 'Showing X of Y products' and the rows, newest first by default", async () => {
    const dataProvider = listWith(rows, 12);
    openList(dataProvider);
    expect(await screen.findByText('Showing 2 of 12 products')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Morning Walks')).toBeInTheDocument();
    expect(within(table).getByText('Archived')).toBeInTheDocument();
    // en-US short, Los Angeles time.
    expect(within(table).getByText('3/14/26, 9:30 AM')).toBeInTheDocument();
    expect(lastListParams(dataProvider)).toMatchObject({
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
    });
  });

  it('shows the empty state', async () => {
    openList(listWith([]));
    expect(await screen.findByText(messages.lists.empty.products)).toBeInTheDocument();
  });

  it.each([
    [
      'the server gives a reason',
      new HttpError('x', 503, { error: 'Database unreachable' }),
      'Database unreachable',
    ],
    [
      'the server gives none',
      new HttpError('Bad Gateway', 502, {}),
      messages.lists.fetchFailed.products,
    ],
    ['the request fails', new TypeError('Failed to fetch'), messages.lists.loadFailed.products],
  ])("shows the error when %s, and 'Try Again' reloads", async (_case, error, text) => {
    const dataProvider = listWith();
    dataProvider.getList.mockRejectedValueOnce(error);
    openList(dataProvider);
    expect(await screen.findByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.app.tryAgain }));
    expect(await screen.findByText('Morning Walks')).toBeInTheDocument();
  });

  it('searches by name and filters by status, with removable tags and Clear', async () => {
    // The search is sent after a pause in typing: the fake clock makes it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Morning Walks');
    fireEvent.change(screen.getByLabelText(t.fields.search), { target: { value: 'walk' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({ q: 'walk' }));
    expect(screen.getByText('Search: walk')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.fields.status }));
    fireEvent.click(await screen.findByRole('option', { name: 'Archived' }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).filter).toEqual({ q: 'walk', status: 'archived' }),
    );
    const tag = screen.getByText('Status: Archived').closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(within(tag).getByTestId('CancelIcon'));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({ q: 'walk' }));

    fireEvent.click(screen.getByRole('button', { name: messages.lists.clear }));
    await waitFor(() => expect(lastListParams(dataProvider).filter).toEqual({}));
    expect(screen.queryByText('Search: walk')).not.toBeInTheDocument();
    expect(screen.getByLabelText(t.fields.search)).toHaveValue('');
  });

  it('sorts on the server when a column header is clicked', async () => {
    const dataProvider = listWith();
    openList(dataProvider);
    await screen.findByText('Morning Walks');
    fireEvent.click(screen.getByRole('button', { name: /sort by product name/i }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).sort).toEqual({ field: 'name', order: 'ASC' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /sort by days/i }));
    await waitFor(() =>
      expect(lastListParams(dataProvider).sort).toEqual({ field: 'days', order: 'ASC' }),
    );
  });

  it('opens /products/edit/{id} on a row click', async () => {
    openList(listWith());
    fireEvent.click(await screen.findByText('Morning Walks'));
    await waitFor(() => expect(path()).toBe('/products/edit/p1'));
  });

  it("'View' opens the product", async () => {
    openList(listWith());
    await screen.findByText('Sleep Reset');
    fireEvent.click(screen.getAllByRole('link', { name: t.view })[1]!);
    await waitFor(() => expect(path()).toBe('/products/edit/p2'));
  });

  it("'Create New Product' opens the form", async () => {
    openList(listWith());
    fireEvent.click(await screen.findByRole('link', { name: t.createNew }));
    await waitFor(() => expect(path()).toBe('/products/create'));
  });

  it('shows the success banner passed from the form for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dataProvider = listWith();
    dataProvider.create.mockImplementation(async () => ({
      data: { ...product(), id: 'new', name: 'X' },
    }));
    signIn();
    renderScreen(<ProductCreate />, {
      path: '/products/create',
      resource: 'products',
      dataProvider,
    });
    await screen.findByRole('heading', { name: t.createTitle });
    await fillValidProduct(1);
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(path()).toBe('/products'));
    expect(await screen.findByText('Product "X" created successfully!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByText('Product "X" created successfully!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    // The notification leaves with a short fade once its time is up.
    await waitFor(() =>
      expect(screen.queryByText('Product "X" created successfully!')).not.toBeInTheDocument(),
    );
  });
});
