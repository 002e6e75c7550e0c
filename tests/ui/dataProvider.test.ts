import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../../src/admin/providers/dataProvider';
import { fakeApi, jsonResponse, STORED_TOKEN, storeSession } from './helpers';

describe('dataProvider', () => {
  it('asks the server for one page, sorted and filtered, and reads the list key and total', async () => {
    storeSession();
    const api = fakeApi({
      'GET /api/contacts': () =>
        jsonResponse(200, { contacts: [{ _id: 'c1', email: 'a@b.co' }], total: 41 }),
    });
    const result = await dataProvider.getList('contacts', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'fullName', order: 'ASC' },
      filter: { q: 'ana', role: ['host', 'admin'], status: '' },
    });
    expect(result).toEqual({ data: [{ _id: 'c1', id: 'c1', email: 'a@b.co' }], total: 41 });
    const [url, init] = api.mock.calls[0]!;
    expect(String(url)).toBe(
      '/api/contacts?page=2&perPage=20&sort=fullName&order=asc&q=ana&role=host%2Cadmin',
    );
    expect(new Headers(init!.headers).get('Authorization')).toBe(`Bearer ${STORED_TOKEN}`);
  });

  it.each([
    ['products', 'data'],
    ['programs', 'programs'],
    ['pods', 'pods'],
  ])('reads %s lists from their key', async (resource, key) => {
    fakeApi({
      [`GET /api/${resource}`]: () => jsonResponse(200, { [key]: [{ _id: 'x' }, { _id: 'y' }] }),
    });
    const result = await dataProvider.getList(resource, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(result.data.map((r) => r.id)).toEqual(['x', 'y']);
    expect(result.total).toBe(2);
  });

  it('unwraps single records', async () => {
    fakeApi({
      'GET /api/contacts/c1': () => jsonResponse(200, { contact: { _id: 'c1', email: 'a@b.co' } }),
      'GET /api/products/p1': () => jsonResponse(200, { data: { _id: 'p1', name: 'P' } }),
    });
    expect((await dataProvider.getOne('contacts', { id: 'c1' })).data).toMatchObject({ id: 'c1' });
    expect((await dataProvider.getOne('products', { id: 'p1' })).data).toMatchObject({
      id: 'p1',
      name: 'P',
    });
  });

  it("throws HttpError with the server's message, status and body", async () => {
    fakeApi({
      'POST /api/products': () =>
        jsonResponse(400, {
          error: 'Pre-message is required',
          details: [{ field: 'preMessage.text', message: 'Pre-message is required' }],
        }),
    });
    const error = await dataProvider.create('products', { data: { name: 'P' } }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Pre-message is required', status: 400 });
    expect(error.body.details[0].field).toBe('preMessage.text');
  });
});
