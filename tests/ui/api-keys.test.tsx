import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import ApiKeyList from '../../src/admin/apiKeys/ApiKeyList';
import { messages } from '../../src/shared/messages';
import type { ApiKey, CreatedApiKeyResponse } from '../../src/shared/responses/api-keys';
import { renderScreen, signIn } from './helpers';
import { fakeDataProvider } from './products-helpers';

const t = messages.apiKeys;

const key = (id: string, name: string, overrides: Partial<ApiKey> = {}): ApiKey => ({
  _id: id,
  id,
  name,
  role: 'host',
  secretStart: `tid_${id.slice(0, 4)}`,
  status: 'active',
  createdAt: '2026-11-20T17:00:00.000Z',
  createdBy: { id: 'admin', fullName: 'Ada Admin' },
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: '2026-11-26T18:30:00.000Z',
  lastUsedIp: '203.0.113.9',
  ...overrides,
});

const SECRET = `tid_${'S'.repeat(43)}`;

function provider(rows: ApiKey[]) {
  const created: CreatedApiKeyResponse = {
    apiKey: key('k3new', 'Nightly export', { lastUsedAt: null, lastUsedIp: null }),
    secret: SECRET,
  };
  return {
    ...fakeDataProvider(),
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    createApiKey: vi.fn(async () => created),
    revokeApiKey: vi.fn(async (id: string) => ({
      ...rows.find((row) => row.id === id)!,
      status: 'revoked',
    })),
  };
}

function openList(dataProvider: ReturnType<typeof provider>) {
  signIn();
  renderScreen(<ApiKeyList />, { path: '/api-keys', resource: 'api-keys', dataProvider });
}

describe('API keys', () => {
  it('lists each key with its start, role, status, creator, last use and expiry, never a secret', async () => {
    openList(
      provider([
        key('k1crm', 'CRM sync', { role: 'admin', expiresAt: '2027-01-01T08:00:00.000Z' }),
        key('k2old', 'Old script', { status: 'revoked', lastUsedAt: null, lastUsedIp: null }),
      ]),
    );
    const crm = (await screen.findByText('CRM sync')).closest('tr')!;
    expect(within(crm).getByText('tid_k1cr…')).toBeInTheDocument();
    expect(within(crm).getByText(t.roles.admin)).toBeInTheDocument();
    expect(within(crm).getByText(t.statuses.active)).toBeInTheDocument();
    expect(within(crm).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(crm).getByText(/from 203\.0\.113\.9$/)).toBeInTheDocument();
    expect(within(crm).getByRole('button', { name: `${t.revoke} CRM sync` })).toBeInTheDocument();
    const old = screen.getByText('Old script').closest('tr')!;
    expect(within(old).getByText(t.statuses.revoked)).toBeInTheDocument();
    expect(within(old).getByText(t.neverUsed)).toBeInTheDocument();
    expect(within(old).getByText(t.never)).toBeInTheDocument();
    // A revoked key has nothing left to revoke.
    expect(within(old).queryByRole('button', { name: `${t.revoke} Old script` })).toBeNull();
  });

  it('says what is wrong next to the field, and shows the new secret once', async () => {
    const dataProvider = provider([]);
    openList(dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: t.create }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await within(dialog).findByText(t.nameRequired)).toBeInTheDocument();
    expect(dataProvider.createApiKey).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(t.fields.name), {
      target: { value: 'Nightly export' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() =>
      expect(dataProvider.createApiKey).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'Nightly export', role: 'host', expiresAt: null }),
      ),
    );
    const shown = await screen.findByRole('dialog', { name: t.secretTitle });
    expect(within(shown).getByDisplayValue(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(t.secretWarning)).toBeInTheDocument();
    fireEvent.click(within(shown).getByRole('button', { name: t.done }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
  });

  it("puts the server's refusal next to its field", async () => {
    const dataProvider = provider([]);
    dataProvider.createApiKey.mockRejectedValueOnce(
      new HttpError(t.expiresAtPast, 400, {
        error: t.expiresAtPast,
        details: [{ field: 'expiresAt', message: t.expiresAtPast }],
        errors: { expiresAt: t.expiresAtPast },
      }),
    );
    openList(dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: t.create }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(t.fields.name), { target: { value: 'Late' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await within(dialog).findByText(t.expiresAtPast)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: t.secretTitle })).toBeNull();
  });

  it('revokes a key after a confirmation that says it is at once', async () => {
    const dataProvider = provider([key('k1crm', 'CRM sync')]);
    openList(dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: `${t.revoke} CRM sync` }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(t.revokeContent)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: t.revoke }));
    await waitFor(() => expect(dataProvider.revokeApiKey).toHaveBeenCalledWith('k1crm'));
    expect(await screen.findByText(t.revoked)).toBeInTheDocument();
  });
});
