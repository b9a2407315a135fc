-- Custom migration (drizzle-kit generate --custom): drizzle-kit does not manage extensions.
-- pg_trgm backs the analyses list's substring search (index analyses_search_trgm_idx, next migration).
-- It is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in db/open.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
