-- Issue 12: the session version carried in every token (claim sv); bumped by a password change, an admin
-- reset, deactivation or a level change, it ends the sessions issued before.
ALTER TABLE "usuario" ADD COLUMN "sessao_versao" integer DEFAULT 0 NOT NULL;
