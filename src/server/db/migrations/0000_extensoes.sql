-- pg_trgm backs the ILIKE '%text%' searches (GIN indexes). It lives in public so every company
-- schema (search_path = <company>, public) sees its operator classes.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
