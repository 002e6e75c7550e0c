import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProductCreate from '../../src/admin/products/ProductCreate';
import { messages } from '../../src/shared/messages';
import { renderScreen, signIn } from './helpers';
import { day, fakeDataProvider, fillValidProduct, setValue, textOf } from './products-helpers';

const t = messages.products;

async function openCreate() {
  const dataProvider = fakeDataProvider();
  signIn();
  renderScreen(<ProductCreate />, { path: '/products/create', resource: 'products', dataProvider });
  await screen.findByRole('heading', { name: t.createTitle });
  return dataProvider;
}

/** Day 2 with the walk guide link going as typed (tracking turned off), and its counter. */
function dayTwoWithLink() {
  const second = day('Day 2');
  fireEvent.click(within(second).getByRole('button', { name: t.addLink }));
  setValue(within(second).getByLabelText(t.fields.linkUrl), 'https://tid.gs/walk-guide');
  fireEvent.click(within(second).getByRole('switch', { name: t.fields.linkTracked }));
  return { second, counter: () => within(second).getByTestId('message-counter') };
}

describe('the product editor counts a message as it is sent', () => {
  it('counts the line break before a link: with 135 characters 161/160, with 134 160/160', async () => {
    await openCreate();
    const { second, counter } = dayTwoWithLink();
    setValue(textOf('Day 2'), 'w'.repeat(135));
    expect(counter()).toHaveTextContent('161/160');
    expect(counter()).toHaveTextContent(t.exceedsLimit);
    expect(counter()).toHaveTextContent('Text 135 + links 26 = 161 characters');
    expect(within(second).getByText(/2 SMS segment\(s\) · 161\/153 per segment/)).toBeVisible();
    setValue(textOf('Day 2'), 'w'.repeat(134));
    expect(counter()).toHaveTextContent('160/160');
    expect(counter()).not.toHaveTextContent(t.exceedsLimit);
    expect(counter()).toHaveTextContent('Text 134 + links 26 = 160 characters');
    expect(within(second).getByText(/1 SMS segment\(s\) · 160\/160 per segment/)).toBeVisible();
  });

  it('refuses to save 135 characters and the link, and saves 134', async () => {
    const dataProvider = await openCreate();
    await fillValidProduct(2);
    const { second } = dayTwoWithLink();
    setValue(textOf('Day 2'), 'w'.repeat(135));
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    expect(await within(second).findAllByText(t.messageTooLong)).not.toHaveLength(0);
    expect(dataProvider.create).not.toHaveBeenCalled();
    setValue(textOf('Day 2'), 'w'.repeat(134));
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
  });

  it('counts a tracked link as the short link each participant gets, however long its URL', async () => {
    await openCreate();
    const second = day('Day 2');
    fireEvent.click(within(second).getByRole('button', { name: t.addLink }));
    const long = `https://example.org/guides/${'walk-'.repeat(20)}`;
    setValue(within(second).getByLabelText(t.fields.linkUrl), long);
    expect(within(second).getByRole('switch', { name: t.fields.linkTracked })).toBeChecked();
    // https://tid.gs/l/ and a 7-character code: 24, and the line break before it.
    setValue(textOf('Day 2'), 'w'.repeat(135));
    const counter = within(second).getByTestId('message-counter');
    expect(counter).toHaveTextContent('160/160');
    expect(counter).toHaveTextContent('Text 135 + links 25 = 160 characters');
    expect(within(second).getByText(/24 characters/)).toBeVisible();
    expect(within(second).queryByText(t.urlShortenerHint)).toBeNull();
  });

  it('counts a personal field at the stated length, and says so', async () => {
    await openCreate();
    const counter = within(day('Day 2')).getByTestId('message-counter');
    setValue(textOf('Day 2'), 'Hi {first_name|there}, day {day}!');
    // 'Hi ' 3 + name 12 + ', day ' 6 + 3 digits + '!' 1 = 25.
    expect(counter).toHaveTextContent('25/160');
    expect(counter).toHaveTextContent(
      'Personal fields are counted as 12 characters for a name and 3 for a number',
    );
  });

  it('refuses an unknown field and a broken one, naming them', async () => {
    const dataProvider = await openCreate();
    await fillValidProduct(2);
    setValue(textOf('Day 2'), 'Hi {frist_name}, see you {day');
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    const second = day('Day 2');
    expect(await within(second).findByText(/Unknown personal field \{frist_name\}/)).toBeVisible();
    setValue(textOf('Day 2'), 'Hi {first_name}, see you {day');
    expect(await within(second).findByText(/Broken personal field \{day/)).toBeVisible();
    expect(dataProvider.create).not.toHaveBeenCalled();
    setValue(textOf('Day 2'), 'Hi {first_name}, see you on day {day}');
    fireEvent.click(screen.getByRole('button', { name: t.create }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalled());
  });

  it('counts a Unicode message against the 70 one segment holds', async () => {
    await openCreate();
    const { second, counter } = dayTwoWithLink();
    // 42 characters, an emoji of two units, the line break and the 25-character link: 70.
    setValue(textOf('Day 2'), `${'w'.repeat(42)}🎉`);
    expect(counter()).toHaveTextContent('70/70');
    expect(within(second).getByText(/1 SMS segment\(s\) · 70\/70 per segment/)).toBeVisible();
    setValue(textOf('Day 2'), `${'w'.repeat(43)}🎉`);
    expect(counter()).toHaveTextContent('71/70');
    expect(counter()).toHaveTextContent(t.exceedsLimit);
  });
});
