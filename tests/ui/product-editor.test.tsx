import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import ProductCreate from '../../src/admin/products/ProductCreate';
import ProductEdit from '../../src/admin/products/ProductEdit';
import { messages } from '../../src/shared/messages';
import { renderScreen, signIn } from './helpers';
import { serverTexts } from '../../src/server/texts';
import {
  day,
  fakeDataProvider,
  fillValidProduct,
  message,
  product,
  setValue,
  textOf,
} from './products-helpers';

const t = messages.products;
const path = () => screen.getByTestId('path').textContent;

/** The product's edit page, signed in, with `dataProvider` answering the data calls. */
function openEdit(dataProvider: object) {
  signIn();
  renderScreen(<ProductEdit />, {
    path: '/products/edit/p1',
    route: '/products/edit/:id',
    resource: 'products',
    dataProvider,
  });
}

async function openCreate(dataProvider = fakeDataProvider()) {
  signIn();
  renderScreen(<ProductCreate />, { path: '/products/create', resource: 'products', dataProvider });
  await screen.findByRole('heading', { name: t.createTitle });
  return dataProvider;
}

describe('create product: days', () => {
  it('starts with 7 days: pre-message, days 1-7 and the conclusion on day 8', async () => {
    await openCreate();
    expect(screen.getByLabelText('Days')).toHaveValue(7);
    expect(screen.getByText('7 days, 9 messages in all')).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Pre-message (Day 0)',
      'Day 1',
      'Day 2',
      'Day 3',
      'Day 4',
      'Day 5',
      'Day 6',
      'Day 7',
      'Conclusion (Day 8)',
    ]);
  });

  it('adds empty days, cuts extra ones, and keeps words when the count comes back', async () => {
    await openCreate();
    setValue(textOf('Day 3'), 'Third day words');
    setValue(screen.getByLabelText('Days'), '2');
    expect(screen.queryByRole('region', { name: 'Day 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Conclusion (Day 3)' })).toBeInTheDocument();
    expect(screen.getByText('2 days, 4 messages in all')).toBeInTheDocument();
    setValue(screen.getByLabelText('Days'), '4');
    expect(textOf('Day 3')).toHaveValue('Third day words');
    expect(textOf('Day 4')).toHaveValue('');
    expect(screen.getByRole('region', { name: 'Conclusion (Day 5)' })).toBeInTheDocument();
  });

  it.each([
    ['0', t.daysMin],
    ['366', t.daysMax],
  ])('refuses %s days with the spec message', async (days, text) => {
    const dataProvider = await openCreate();
    setValue(screen.getByLabelText('Days'), days);
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    expect(
      await within(screen.getByLabelText('Days').closest('.MuiFormControl-root')!).findByText(text),
    ).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });
});

describe('create product: counter and SMS details', () => {
  it('counts text, link URLs and their line breaks, warns above 140 and flags above 160', async () => {
    await openCreate();
    const pre = day('Pre-message (Day 0)');
    const counter = () => within(pre).getByTestId('message-counter');
    setValue(textOf('Pre-message (Day 0)'), 'x'.repeat(140));
    expect(counter()).toHaveAttribute('data-state', 'ok');
    expect(counter()).toHaveTextContent('140/160');
    setValue(textOf('Pre-message (Day 0)'), 'x'.repeat(141));
    expect(counter()).toHaveAttribute('data-state', 'warning');
    setValue(textOf('Pre-message (Day 0)'), 'x'.repeat(150));
    fireEvent.click(within(pre).getByRole('button', { name: t.addLink }));
    setValue(within(pre).getByLabelText(t.fields.linkUrl), 'https://ex.co/abc');
    // Sent as typed: a tracked link would count as its short link.
    fireEvent.click(within(pre).getByRole('switch', { name: t.fields.linkTracked }));
    expect(counter()).toHaveAttribute('data-state', 'over');
    // The link goes out on a line of its own: its line break counts with it.
    expect(counter()).toHaveTextContent('168/160');
    expect(counter()).toHaveTextContent(t.exceedsLimit);
    expect(counter()).toHaveTextContent('Text 150 + links 18 = 168 characters');
  });

  it('shows the encoding and segments, and replaces smart punctuation in one click', async () => {
    await openCreate();
    const pre = day('Pre-message (Day 0)');
    setValue(textOf('Pre-message (Day 0)'), 'It’s “great” – really…');
    expect(within(pre).getByText(t.sms.ucs2)).toBeInTheDocument();
    expect(
      within(pre).getByText(/These characters make the whole message Unicode/),
    ).toBeInTheDocument();
    fireEvent.click(within(pre).getByRole('button', { name: t.sms.replace }));
    expect(textOf('Pre-message (Day 0)')).toHaveValue('It\'s "great" - really...');
    expect(within(pre).getByText(t.sms.gsm)).toBeInTheDocument();
    expect(within(pre).getByText(/1 SMS segment\(s\)/)).toBeInTheDocument();
  });

  it('explains that emoji cannot be replaced', async () => {
    await openCreate();
    setValue(textOf('Day 1'), 'Well done 🎉');
    const first = day('Day 1');
    expect(within(first).getByText(t.sms.emojiNote)).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: t.sms.replace })).not.toBeInTheDocument();
  });
});

describe('create product: validation', () => {
  it('shows the spec messages next to each field and in a summary, and does not submit', async () => {
    const dataProvider = await openCreate();
    setValue(screen.getByLabelText('Days'), '2');
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.errorsSummary)).toBeInTheDocument();
    expect(within(day('Pre-message (Day 0)')).getByText(t.preMessageRequired)).toBeInTheDocument();
    expect(within(day('Day 2')).getByText('Day 2 message is required')).toBeInTheDocument();
    expect(within(day('Conclusion (Day 3)')).getByText(t.conclusionRequired)).toBeInTheDocument();
    expect(screen.getAllByText(t.nameRequired).length).toBeGreaterThan(0);
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('checks link URLs: format, then length with the shortener hint (a link sent as typed)', async () => {
    await openCreate();
    await fillValidProduct(1);
    const pre = day('Pre-message (Day 0)');
    fireEvent.click(within(pre).getByRole('button', { name: t.addLink }));
    fireEvent.click(within(pre).getByRole('switch', { name: t.fields.linkTracked }));
    const url = within(pre).getByLabelText(t.fields.linkUrl);
    setValue(url, 'www.example.org');
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    expect(await within(pre).findByText(t.invalidUrl)).toBeInTheDocument();
    setValue(url, 'https://example.com/abcdef');
    expect(await within(pre).findByText(t.urlTooLong)).toBeInTheDocument();
    setValue(url, 'https://example.com/abcde');
    await waitFor(() => expect(within(pre).queryByText(t.urlTooLong)).not.toBeInTheDocument());
  });

  it('removes a link', async () => {
    await openCreate();
    const pre = day('Pre-message (Day 0)');
    fireEvent.click(within(pre).getByRole('button', { name: t.addLink }));
    expect(within(pre).getByLabelText(t.fields.linkUrl)).toBeInTheDocument();
    fireEvent.click(within(pre).getByRole('button', { name: t.removeLink }));
    expect(within(pre).queryByLabelText(t.fields.linkUrl)).not.toBeInTheDocument();
  });
});

describe('create product: media', () => {
  const image = new File([new Uint8Array(2048)], 'cover.png', { type: 'image/png' });
  const uploaded = {
    type: 'image',
    filename: 'cover.png',
    mimeType: 'image/png',
    size: 2048,
    url: '/media/abc.png',
  };

  it('uploads with progress, previews, and then needs a fallback URL', async () => {
    const dataProvider = fakeDataProvider({
      uploadMedia: async (_file: File, onProgress: (n: number) => void) => {
        onProgress(50);
        return uploaded;
      },
    });
    await openCreate(dataProvider);
    await fillValidProduct(1);
    await userEvent.upload(screen.getByTestId('media-input-1'), image);
    const first = day('Day 1');
    expect(await within(first).findByRole('img', { name: 'cover.png' })).toHaveAttribute(
      'src',
      '/media/abc.png',
    );
    expect(within(first).getByText(t.fallbackHelp)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    expect(await within(first).findByText(t.fallbackRecommended)).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();

    setValue(within(first).getByLabelText(t.fields.fallbackUrl), 'https://example.org/full');
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
    const sent = dataProvider.create.mock.calls[0]![1].data;
    expect(sent.messages[0]!.media).toEqual(uploaded);
    expect(sent.messages[0]!.media).not.toHaveProperty('file');
  });

  it('refuses a file of another type with the spec alert, without uploading', async () => {
    const dataProvider = await openCreate();
    await userEvent.upload(screen.getByTestId('media-input-0'), new File(['x'], 'notes.txt'), {
      applyAccept: false,
    });
    expect(await within(day('Pre-message (Day 0)')).findByRole('alert')).toHaveTextContent(
      messages.media.invalidType,
    );
    expect(dataProvider.uploadMedia).not.toHaveBeenCalled();
  });

  it('refuses an image over 500 KB before uploading', async () => {
    const dataProvider = await openCreate();
    await userEvent.upload(
      screen.getByTestId('media-input-0'),
      new File([new Uint8Array(512_001)], 'big.jpg'),
    );
    expect(await within(day('Pre-message (Day 0)')).findByRole('alert')).toHaveTextContent(
      messages.media.imageTooLarge,
    );
    expect(dataProvider.uploadMedia).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and removes the media", async () => {
    const dataProvider = fakeDataProvider({
      uploadMedia: async () => {
        throw new HttpError(serverTexts.media.videoTooLong, 400, {
          error: serverTexts.media.videoTooLong,
        });
      },
    });
    await openCreate(dataProvider);
    await userEvent.upload(
      screen.getByTestId('media-input-0'),
      new File([new Uint8Array(100)], 'clip.mp4'),
    );
    const pre = day('Pre-message (Day 0)');
    expect(await within(pre).findByRole('alert')).toHaveTextContent(serverTexts.media.videoTooLong);
    expect(within(pre).getByRole('button', { name: t.attachMedia })).toBeInTheDocument();
  });
});

describe('create product: submit', () => {
  it('sends the trimmed payload and returns to the list with the success banner', async () => {
    const dataProvider = await openCreate();
    await fillValidProduct(2);
    const first = day('Day 1');
    fireEvent.click(within(first).getByRole('button', { name: t.addLink }));
    setValue(within(first).getByLabelText(t.fields.linkUrl), 'https://ex.co/walk1');
    setValue(within(first).getByLabelText(t.fields.linkLabel), 'Route');
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(path()).toBe('/products'));
    expect(dataProvider.create).toHaveBeenCalledWith(
      'products',
      expect.objectContaining({
        data: {
          name: 'Morning Walks',
          days: 2,
          preMessage: {
            text: 'Welcome! Reply STOP to opt out.',
            links: [],
            media: null,
            fallbackUrl: '',
          },
          messages: [
            {
              text: 'Day 1: walk.',
              links: [{ url: 'https://ex.co/walk1', label: 'Route', tracked: true }],
              media: null,
              fallbackUrl: '',
            },
            { text: 'Day 2: walk.', links: [], media: null, fallbackUrl: '' },
          ],
          conclusionMessage: { text: 'Thanks!', links: [], media: null, fallbackUrl: '' },
        },
      }),
    );
    expect(
      await screen.findByText('Product "Morning Walks" created successfully!'),
    ).toBeInTheDocument();
  });

  it("shows the server's error, or the spec's fallback, and puts field errors in place", async () => {
    const dataProvider = fakeDataProvider({
      create: vi.fn(async () => {
        throw new HttpError('Pre-message is required', 400, {
          error: 'Pre-message is required',
          errors: { preMessage: { text: 'Pre-message is required' } },
        });
      }),
    });
    await openCreate(dataProvider);
    await fillValidProduct(1);
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    expect(
      await within(day('Pre-message (Day 0)')).findByText('Pre-message is required'),
    ).toBeInTheDocument();
    expect(path()).toBe('/products/create');

    dataProvider.create.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.errors.create)).toBeInTheDocument();
  });

  it('goes back to the list on Cancel', async () => {
    await openCreate();
    fireEvent.click(screen.getByRole('link', { name: messages.app.cancel }));
    await waitFor(() => expect(path()).toBe('/products'));
  });
});

describe('edit product', () => {
  it("shows 'Loading product...', then the form with the status", async () => {
    let answer: (() => void) | undefined;
    const dataProvider = fakeDataProvider({
      getOne: () =>
        new Promise((resolve) => {
          answer = () => resolve({ data: product(2, { status: 'inactive' }) });
        }),
    });
    openEdit(dataProvider);
    expect(await screen.findByText(t.loading)).toBeInTheDocument();
    // The loading text can show before the record is asked for.
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer?.();
    expect(await screen.findByRole('heading', { name: t.editTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(/Product name/)).toHaveValue('Morning Walks');
    expect(textOf('Day 2')).toHaveValue('Day 2 text');
    expect(screen.getByRole('combobox', { name: t.fields.status })).toHaveTextContent('Inactive');
  });

  it('saves the status and returns with the success banner', async () => {
    const dataProvider = fakeDataProvider({ getOne: async () => ({ data: product(1) }) });
    openEdit(dataProvider);
    await screen.findByRole('heading', { name: t.editTitle });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: t.fields.status }));
    fireEvent.click(await screen.findByRole('option', { name: 'Archived' }));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(path()).toBe('/products'));
    expect(dataProvider.update.mock.calls[0]![1]).toMatchObject({
      id: 'p1',
      data: { status: 'archived', days: 1 },
    });
    expect(
      await screen.findByText('Product "Morning Walks" updated successfully!'),
    ).toBeInTheDocument();
  });

  it.each([
    [
      'the server says why',
      new HttpError('Product not found', 404, { error: 'Product not found' }),
      'Product not found',
    ],
    ['the server gives no text', new HttpError('Internal Server Error', 500, {}), t.errors.fetch],
    ['the request fails', new TypeError('Failed to fetch'), t.errors.load],
  ])("shows the failure to load when %s, with 'Back to Products'", async (_case, error, text) => {
    const dataProvider = fakeDataProvider({
      getOne: async () => {
        throw error;
      },
    });
    openEdit(dataProvider);
    expect(await screen.findByText(text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: t.back }));
    await waitFor(() => expect(path()).toBe('/products'));
  });

  it('keeps media and links it loaded', async () => {
    const withMedia = product(1);
    withMedia.messages[0] = message(1, 'Look', {
      links: [{ url: 'https://ex.co/a', label: 'A', tracked: false }],
      media: {
        type: 'video',
        filename: 'clip.mp4',
        mimeType: 'video/mp4',
        size: 1000,
        url: '/media/v.mp4',
      },
      fallbackUrl: 'https://example.org/v',
    });
    const dataProvider = fakeDataProvider({ getOne: async () => ({ data: withMedia }) });
    openEdit(dataProvider);
    await screen.findByRole('heading', { name: t.editTitle });
    const first = day('Day 1');
    expect(within(first).getByLabelText('clip.mp4')).toHaveAttribute('src', '/media/v.mp4');
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0]![1].data.messages[0]).toEqual({
      text: 'Look',
      links: [{ url: 'https://ex.co/a', label: 'A', tracked: false }],
      media: withMedia.messages[0]!.media,
      fallbackUrl: 'https://example.org/v',
    });
  });
});
