import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a migration for each change to the schema; commit it with the change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
