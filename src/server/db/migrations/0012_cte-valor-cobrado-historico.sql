-- Issue 11. One charged amount: valor_total is the charged amount (vRec under ICMS by tax substitution, else
-- vTPrest; the list's covering indexes keep it), vTPrest moves to valor_prestacao. Audits are kept (an index
-- on cte_id instead of the unique one); the table chosen with "Trocar tabela" belongs to the CT-e; the weight
-- says where it came from.
DROP INDEX "cte_auditoria_cte_idx";--> statement-breakpoint
ALTER TABLE "cte" ADD COLUMN "peso_origem" varchar(80);--> statement-breakpoint
ALTER TABLE "cte" ADD COLUMN "tabela_frete_id" integer;--> statement-breakpoint
ALTER TABLE "cte" ADD COLUMN "valor_prestacao" numeric(15, 2);--> statement-breakpoint
UPDATE "cte" SET "valor_prestacao" = "valor_total";--> statement-breakpoint
UPDATE "cte" SET "valor_total" = "valor_receber" WHERE "documento"->'icms'->>'grupo' = 'ICMS60' AND "valor_receber" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "cte" ALTER COLUMN "valor_prestacao" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cte" ADD CONSTRAINT "cte_tabela_frete_id_tabela_frete_id_fk" FOREIGN KEY ("tabela_frete_id") REFERENCES "tabela_frete"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "cte" SET "tabela_frete_id" = a."tabela_frete_id" FROM "cte_auditoria" a WHERE a."cte_id" = "cte"."id" AND a."tabela_escolhida";--> statement-breakpoint
CREATE INDEX "cte_auditoria_cte_idx" ON "cte_auditoria" USING btree ("cte_id","id" DESC NULLS LAST);
