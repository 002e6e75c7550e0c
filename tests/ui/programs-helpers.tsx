import { vi } from 'vitest';
import ProgramEdit from '../../src/admin/programs/ProgramEdit';
import type { PodSummary } from '../../src/shared/responses/pods';
import type { Product, ProductSummary } from '../../src/shared/responses/products';
import type { Program } from '../../src/shared/responses/programs';
import { renderScreen, signIn } from './helpers';
import { fakeDataProvider, product, summary } from './products-helpers';

/** Ids as the API makes them: the program schema accepts only UUIDs for products and pods. */
export const ids = {
  walks: '11111111-1111-4111-8111-111111111111',
  calm: '22222222-2222-4222-8222-222222222222',
  old: '33333333-3333-4333-8333-333333333333',
  year: '44444444-4444-4444-8444-444444444444',
  walkers: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  runners: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  program: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
};

export function program(overrides: Partial<Program> = {}): Program {
  return {
    _id: ids.program,
    id: ids.program,
    programName: 'Spring Walks',
    productId: ids.walks,
    productName: 'Morning Walks',
    productDays: 2,
    timeframe: '2 days',
    offering: 'Standard',
    offeringType: '',
    timeZone: 'America/New_York',
    podIds: [ids.walkers],
    pods: [{ _id: ids.walkers, id: ids.walkers, podId: 'POD-20270301-090000', podName: 'Walkers' }],
    startDate: '2027-03-13',
    sendTime: '09:00',
    enrollment: 'cohort',
    enrollmentEndsOn: null,
    status: 'running',
    pausedAt: null,
    messagesSent: 0,
    daysSent: [],
    createdAt: '2026-03-14T16:30:00.000Z',
    updatedAt: '2026-03-14T16:30:00.000Z',
    ...overrides,
  };
}

export const pod = (id: string, podId: string, podName: string): PodSummary => ({
  _id: id,
  id,
  podId,
  podName,
  status: 'active',
  activeMemberCount: 3,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
});

/** The active products GET /api/products?status=active gives, by name. */
export const activeProducts: ProductSummary[] = [
  summary({ id: ids.calm, name: 'Evening Calm', days: 7 }),
  summary({ id: ids.walks, name: 'Morning Walks', days: 2 }),
];

export const allPods = [
  pod(ids.walkers, 'POD-20270301-090000', 'Walkers'),
  pod(ids.runners, 'POD-20270302-090000', 'Runners'),
];

type ListParams = { filter: Record<string, unknown> };

/**
 * A data provider for the program screens: products, pods (searched by name), one stored
 * program, the two-day 'Morning Walks' product, and pause and resume.
 */
export function programsProvider(
  stored: Program = program(),
  products: Record<string, Product> = {
    [ids.walks]: product(2, { _id: ids.walks, id: ids.walks }),
  },
) {
  const getList = vi.fn(async (resource: string, params: ListParams) => {
    if (resource === 'products') return { data: activeProducts, total: activeProducts.length };
    if (resource === 'pods') {
      const q = String(params.filter.q ?? '').toLowerCase();
      const data = allPods.filter((p) => p.podName.toLowerCase().includes(q));
      return { data, total: data.length };
    }
    return { data: [] as Program[], total: 0 };
  });
  const getOne = vi.fn(async (resource: string, { id }: { id: string }) => {
    if (resource === 'products') {
      const found = products[id];
      if (!found) throw new Error(`No product ${id}`);
      return { data: found };
    }
    return { data: stored };
  });
  return {
    ...fakeDataProvider(),
    getList,
    getOne,
    create: vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...program(), ...data, id: 'new' },
    })),
    update: vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...stored, ...data },
    })),
    pauseProgram: vi.fn(async () => ({
      ...stored,
      status: 'paused',
      pausedAt: '2027-03-14T18:00:00.000Z',
      updatedAt: '2027-03-14T18:00:00.000Z',
    })),
    // The edit page's Deliveries panel: nothing planned yet.
    getProgramDeliveries: vi.fn(async () => ({
      days: [],
      recipients: 0,
      audience: { total: 0, recipients: 0, inactive: 0, optedOut: 0, noPhone: 0, notOptedIn: 0 },
      enrollments: null,
    })),
    resumeProgram: vi.fn(async () => ({
      ...stored,
      status: 'running',
      pausedAt: null,
      updatedAt: '2027-03-14T18:05:00.000Z',
    })),
  };
}

export type ProgramsProvider = ReturnType<typeof programsProvider>;

/**
 * A program's page at `path`: /programs/{id}, or /programs/edit/{id} as the list opens it (the
 * same screen). Signed in, with `dataProvider` answering the data calls.
 */
export function openProgram(path: string, dataProvider: object) {
  signIn();
  const route = path.startsWith('/programs/edit/') ? '/programs/edit/:id' : '/programs/:id';
  return renderScreen(<ProgramEdit />, { path, route, resource: 'programs', dataProvider });
}
