import type { Db, Database } from '../db/client';
import type { Config } from '../env';
import type { SessionRow } from '../auth/sessions';
import type { UserRow } from '../services/users';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
  interface FastifyRequest {
    /** The signed-in user; set on every /api route that is not public. */
    user: UserRow;
    session: SessionRow;
  }
  interface FastifyContextConfig {
    /** Routes open without a bearer token: sign-in, health, email verification, set-password. */
    public?: boolean;
  }
}
