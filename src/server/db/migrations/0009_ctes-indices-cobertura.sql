-- The Fretes list at a million CT-es (issue 5 benchmark): the page's ids and the totals (count, charged and
-- audited sums over every match) are read from the period indexes alone (index-only scans), without
-- visiting the table's pages. The indexes keep their names and keys (the drizzle schema), and gain INCLUDE
-- columns: id for the page, tomador for the default payer filter, the two money columns for the totals.
DROP INDEX IF EXISTS "cte_emissao_idx";--> statement-breakpoint
CREATE INDEX "cte_emissao_idx" ON "cte" USING btree ("data_emissao" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("tomador", "valor_total", "valor_auditoria");--> statement-breakpoint
DROP INDEX IF EXISTS "cte_tomador_emissao_idx";--> statement-breakpoint
CREATE INDEX "cte_tomador_emissao_idx" ON "cte" USING btree ("tomador", "data_emissao" DESC NULLS LAST) INCLUDE ("id", "valor_total", "valor_auditoria");--> statement-breakpoint
DROP INDEX IF EXISTS "cte_status_emissao_idx";--> statement-breakpoint
CREATE INDEX "cte_status_emissao_idx" ON "cte" USING btree ("status", "data_emissao" DESC NULLS LAST) INCLUDE ("id", "tomador", "valor_total", "valor_auditoria");--> statement-breakpoint
DROP INDEX IF EXISTS "cte_transportadora_emissao_idx";--> statement-breakpoint
CREATE INDEX "cte_transportadora_emissao_idx" ON "cte" USING btree ("transportadora_id", "data_emissao" DESC NULLS LAST) INCLUDE ("id", "tomador", "valor_total", "valor_auditoria");--> statement-breakpoint
DROP INDEX IF EXISTS "cte_cliente_emissao_idx";--> statement-breakpoint
CREATE INDEX "cte_cliente_emissao_idx" ON "cte" USING btree ("cliente_id", "data_emissao" DESC NULLS LAST) INCLUDE ("id", "tomador", "valor_total", "valor_auditoria");
