-- Extensions the schema needs. pg_trgm provides the gin_trgm_ops operator class of the trigram
-- indexes that serve the admin global search (ILIKE '%term%').
CREATE EXTENSION IF NOT EXISTS pg_trgm;
