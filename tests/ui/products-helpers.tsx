import { fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { Product, ProductMessage, ProductSummary } from '../../src/shared/responses/products';
import { emptyMessage } from '../../src/shared/product';
import { TEST_MESSAGE_SETTINGS } from '../helpers/message-settings';

export const message = (
  day: number,
  text: string,
  extra: Partial<ProductMessage> = {},
): ProductMessage => ({
  ...emptyMessage(day),
  text,
  ...extra,
});

export function product(days = 2, overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    id: 'p1',
    name: 'Morning Walks',
    days,
    status: 'active',
    createdAt: '2026-03-14T16:00:00.000Z',
    updatedAt: '2026-03-14T16:00:00.000Z',
    preMessage: message(0, 'Welcome!'),
    messages: Array.from({ length: days }, (_, i) => message(i + 1, `Day ${i + 1} text`)),
    conclusionMessage: message(days + 1, 'Bye!'),
    ...overrides,
  };
}

export const summary = (
  p: Partial<ProductSummary> & { id: string; name: string },
): ProductSummary => ({
  _id: p.id,
  days: 7,
  status: 'active',
  createdAt: '2026-03-14T16:00:00.000Z',
  updatedAt: '2026-03-14T16:00:00.000Z',
  ...p,
});

/** A data provider whose calls a test controls and inspects. */
export function fakeDataProvider(overrides: Record<string, unknown> = {}) {
  return {
    getList: vi.fn(async () => ({ data: [] as ProductSummary[], total: 0 })),
    getOne: vi.fn(async () => ({ data: product() })),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, { data }: { data: Product }) => ({
      data: { ...product(), ...data, id: 'new' },
    })),
    update: vi.fn(async (_resource: string, { data }: { data: Product }) => ({
      data: { ...product(), ...data },
    })),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
    uploadMedia: vi.fn(),
    // The top bar's inbox count, on every signed-in screen.
    getInboxCounts: vi.fn(async () => ({ new: 0, mine: 0, needsReview: 0 })),
    // The product form measures messages with the server's message settings.
    getSmsSettings: vi.fn(async () => ({
      provider: 'log',
      simulateReplies: true,
      testSendLimit: { max: 10, windowMinutes: 10 },
      messages: TEST_MESSAGE_SETTINGS,
    })),
    ...overrides,
  };
}

/** A day's section of the product form, by its title ('Day 2', 'Pre-message (Day 0)'). */
export const day = (name: string) => screen.getByRole('region', { name });
export const textOf = (name: string) =>
  within(day(name)).getByLabelText(messages.products.fields.text);

/** Sets a field's value as a paste would (fast, and the same events for react-hook-form). */
export const setValue = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } });

/** Fills the create form with a valid product of `days` days. */
export async function fillValidProduct(days: number) {
  setValue(screen.getByLabelText(/Product name/), ' Morning Walks ');
  setValue(screen.getByLabelText('Days'), String(days));
  setValue(textOf('Pre-message (Day 0)'), 'Welcome! Reply STOP to opt out.');
  for (let d = 1; d <= days; d++) setValue(textOf(`Day ${d}`), `Day ${d}: walk.`);
  setValue(textOf(`Conclusion (Day ${days + 1})`), 'Thanks!');
}
