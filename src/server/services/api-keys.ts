import { and, eq, isNull, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages';
import type { ApiKey } from '../../shared/responses/api-keys';
import type { CreateApiKeyInput } from '../../shared/validation/api-key';
import { apiKeyStatus, newApiKeySecret } from '../auth/api-keys';
import type { Db } from '../db/client';
import { defineList } from '../db/list-page';
import { apiKeys, users } from '../db/schema';
import { notFound } from '../http/errors';
import { sortOf, type ListParams } from './list';
import { fullNameOf } from './users';

type ApiKeyRow = typeof apiKeys.$inferSelect;

function toApiKey(
  key: ApiKeyRow,
  creator: { id: string; firstName: string; lastName: string },
  now = new Date(),
): ApiKey {
  return {
    _id: key.id,
    id: key.id,
    name: key.name,
    role: key.role,
    secretStart: key.secretStart,
    status: apiKeyStatus(key, now),
    createdAt: key.createdAt.toISOString(),
    createdBy: { id: creator.id, fullName: fullNameOf(creator) },
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: key.lastUsedIp,
  };
}

const creatorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

/** Creates a key for `creator`; answers it and its secret, which is never stored or shown again. */
export async function createApiKey(
  db: Db,
  input: CreateApiKeyInput,
  creator: { id: string; firstName: string; lastName: string },
) {
  const { secret, secretHash, secretStart } = newApiKeySecret();
  const [key] = await db
    .insert(apiKeys)
    .values({
      name: input.name,
      role: input.role,
      secretHash,
      secretStart,
      createdBy: creator.id,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    })
    .returning();
  return { apiKey: toApiKey(key!, creator), secret };
}

/** The sortable fields of GET /api/api-keys. */
export const API_KEY_SORT_FIELDS = ['createdAt', 'name', 'lastUsedAt', 'expiresAt'] as const;

/** Every key, revoked and expired ones too (the list says which), in the asked order. */
export function apiKeyList(db: Db, query: ListParams) {
  const sortColumns = {
    createdAt: apiKeys.createdAt,
    name: sql`lower(${apiKeys.name})`,
    lastUsedAt: apiKeys.lastUsedAt,
    expiresAt: apiKeys.expiresAt,
  };
  return defineList({
    source: {
      from: (fields) => db.select(fields).from(apiKeys).$dynamic(),
      where: undefined,
      id: apiKeys.id,
      order: sortOf(sortColumns, query, apiKeys.id),
    },
    rows: ({ page, total, order }) =>
      db
        .select({ key: apiKeys, creator: creatorColumns, total })
        .from(page)
        .innerJoin(apiKeys, eq(apiKeys.id, page.id))
        .innerJoin(users, eq(users.id, apiKeys.createdBy))
        .orderBy(...order),
    toApi: (rows) => {
      const now = new Date();
      return rows.map((row) => toApiKey(row.key, row.creator, now));
    },
  });
}

/**
 * Revokes a key: from the next request on it is refused. Revoking one already revoked changes
 * nothing (it keeps its first revocation's time and author); an unknown id is a 404.
 */
export async function revokeApiKey(db: Db, id: string, by: string) {
  const now = new Date();
  await db
    .update(apiKeys)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
  const [row] = await db
    .select({ key: apiKeys, creator: creatorColumns })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, id));
  if (!row) throw notFound(messages.apiKeys.notFound);
  return { apiKey: toApiKey(row.key, row.creator, now) };
}
