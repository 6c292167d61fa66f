import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (in apps/api) writes a new migration after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
