ALTER TABLE "cte" ADD COLUMN "emitente_nome" text;--> statement-breakpoint
ALTER TABLE "cte" ADD COLUMN "emitente_ordem" text;--> statement-breakpoint
-- Issue 33: the Fretes list and its export sorted by carrier read each CT-e's issuer name out of the document and
-- folded it (dobrarSql) when no carrier is registered for it: on PGlite the export's one sort statement of 22,400
-- CT-es took 160-230 ms, holding the one connection. The name and its key are now kept beside the document, by
-- this trigger, on every insert and every change of the document (the same translate as texto-busca.ts's dobrarSql).
CREATE OR REPLACE FUNCTION cte_emitente() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.emitente_nome := NEW.documento->'emitente'->>'nome';
  NEW.emitente_ordem := lower(translate(NEW.emitente_nome, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn'));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER cte_emitente BEFORE INSERT OR UPDATE OF documento ON cte FOR EACH ROW EXECUTE FUNCTION cte_emitente();--> statement-breakpoint
-- The CT-es already read: filled here when the table holds at most 200,000 (the embedded database's size; some
-- seconds). A larger table (PostgreSQL) is not rewritten at the upgrade: its older CT-es keep NULL, and the sort
-- computes their key from the document as before (the same value), on a connection of its own.
DO $$
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM cte LIMIT 200001) AS c) <= 200000 THEN
    UPDATE cte SET documento = documento WHERE documento->'emitente'->>'nome' IS NOT NULL;
  END IF;
END $$;
