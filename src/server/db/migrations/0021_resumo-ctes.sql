-- Issue 17: the Fretes totals without scanning a month of CT-es. cte_resumo holds count, charged and audited
-- sums by carrier (0: none; -1: every carrier, what a list without a carrier filter reads), São Paulo day of
-- issue, payer and status, kept by statement triggers on cte that append one `delta` row per key a statement
-- changed (a deleted or changed CT-e counts negative on its old key): writers never update a shared row, so
-- they never wait for or deadlock on each other. Compaction (src/server/ctes/resumo-ctes.ts) folds the deltas
-- into the one row per key, in one transaction.
CREATE TABLE "cte_resumo" (
	"transportadora_id" integer NOT NULL,
	"dia" date NOT NULL,
	"tomador" varchar(12) NOT NULL,
	"status" varchar(25) NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_total" numeric(20, 2) NOT NULL,
	"valor_auditoria" numeric(20, 2) NOT NULL,
	"delta" boolean DEFAULT true NOT NULL
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE INDEX "cte_resumo_leitura_idx" ON "cte_resumo" USING btree ("transportadora_id","dia","tomador","status");--> statement-breakpoint
CREATE UNIQUE INDEX "cte_resumo_chave_idx" ON "cte_resumo" USING btree ("transportadora_id","dia","tomador","status") WHERE not "cte_resumo"."delta";--> statement-breakpoint
-- Sorted by value: the page's ids in value order; period, payer and status checked in the index itself.
CREATE INDEX "cte_valor_idx" ON "cte" USING btree ("valor_total" DESC NULLS LAST,"id" DESC NULLS FIRST) INCLUDE ("data_emissao", "tomador", "status");--> statement-breakpoint
INSERT INTO "cte_resumo" ("transportadora_id", "dia", "tomador", "status", "quantidade", "valor_total", "valor_auditoria", "delta")
  SELECT coalesce(t, -1), dia, tomador, status, count(*), sum(valor_total), coalesce(sum(valor_auditoria), 0), false
  FROM (SELECT coalesce("transportadora_id", 0) AS t, ("data_emissao" AT TIME ZONE 'America/Sao_Paulo')::date AS dia, "tomador", "status", "valor_total", "valor_auditoria" FROM "cte") AS c
  GROUP BY GROUPING SETS ((t, dia, tomador, status), (dia, tomador, status));--> statement-breakpoint
-- Each CT-e moves its key's figures and its "every carrier" key's (the grouping set without t: t null → -1).
CREATE OR REPLACE FUNCTION cte_resumo_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cte_resumo (transportadora_id, dia, tomador, status, quantidade, valor_total, valor_auditoria)
      SELECT coalesce(t, -1), dia, tomador, status, count(*), sum(valor_total), coalesce(sum(valor_auditoria), 0)
      FROM (SELECT coalesce(transportadora_id, 0) AS t, (data_emissao AT TIME ZONE 'America/Sao_Paulo')::date AS dia, tomador, status, valor_total, valor_auditoria FROM novas) AS m
      GROUP BY GROUPING SETS ((t, dia, tomador, status), (dia, tomador, status));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO cte_resumo (transportadora_id, dia, tomador, status, quantidade, valor_total, valor_auditoria)
      SELECT coalesce(t, -1), dia, tomador, status, -count(*), -sum(valor_total), -coalesce(sum(valor_auditoria), 0)
      FROM (SELECT coalesce(transportadora_id, 0) AS t, (data_emissao AT TIME ZONE 'America/Sao_Paulo')::date AS dia, tomador, status, valor_total, valor_auditoria FROM antigas) AS m
      GROUP BY GROUPING SETS ((t, dia, tomador, status), (dia, tomador, status));
  ELSE
    -- Old rows out, new rows in; keys whose figures did not move (most updates: notes, weights, versao) add nothing.
    INSERT INTO cte_resumo (transportadora_id, dia, tomador, status, quantidade, valor_total, valor_auditoria)
      SELECT coalesce(t, -1), dia, tomador, status, sum(q), sum(vt), sum(va)
      FROM (
        SELECT coalesce(transportadora_id, 0) AS t, (data_emissao AT TIME ZONE 'America/Sao_Paulo')::date AS dia, tomador, status,
          -1 AS q, -valor_total AS vt, -coalesce(valor_auditoria, 0) AS va
        FROM antigas
        UNION ALL
        SELECT coalesce(transportadora_id, 0), (data_emissao AT TIME ZONE 'America/Sao_Paulo')::date, tomador, status, 1, valor_total, coalesce(valor_auditoria, 0)
        FROM novas
      ) AS m
      GROUP BY GROUPING SETS ((t, dia, tomador, status), (dia, tomador, status))
      HAVING sum(q) <> 0 OR sum(vt) <> 0 OR sum(va) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cte_resumo_insert AFTER INSERT ON cte REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cte_resumo_delta();--> statement-breakpoint
CREATE TRIGGER cte_resumo_update AFTER UPDATE ON cte REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cte_resumo_delta();--> statement-breakpoint
CREATE TRIGGER cte_resumo_delete AFTER DELETE ON cte REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION cte_resumo_delta();--> statement-breakpoint
CREATE OR REPLACE FUNCTION cte_resumo_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE cte_resumo;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cte_resumo_truncate AFTER TRUNCATE ON cte FOR EACH STATEMENT EXECUTE FUNCTION cte_resumo_truncar();
