import type { Db, Database } from '../db/client';
import type { Config } from '../env';
import type { ApiKeyRow } from '../auth/api-keys';
import type { ApiKeyRequests } from '../auth/api-key-requests';
import type { SessionRow } from '../auth/sessions';
import type { UserRow } from '../services/users';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Each API key's requests this minute (auth/api-key-requests.ts). */
    apiKeyRequests: ApiKeyRequests;
  }
  interface FastifyRequest {
    /**
     * Who is asking; set on every /api route that is not public: the signed-in user, or the user an
     * API key acts as (its creator, within its role).
     */
    user: UserRow;
    /** The console session, when the request came with one rather than an API key. */
    session: SessionRow | undefined;
    /** The API key, when the request came with one. */
    apiKey: ApiKeyRow | undefined;
  }
  interface FastifyContextConfig {
    /** Routes open without a bearer token: sign-in, health, email verification, set-password. */
    public?: boolean;
    /** Routes a console session may use and an API key may not (its own account, API keys). */
    sessionOnly?: boolean;
  }
}
