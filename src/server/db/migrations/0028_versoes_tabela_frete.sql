-- Issue 32: a freight table imported from a workbook as a new version is a new row linked to the one it replaces;
-- the old row keeps its content (the CT-es audited with it keep pointing at it).
ALTER TABLE "tabela_frete" ADD COLUMN "tabela_anterior_id" integer;--> statement-breakpoint
ALTER TABLE "tabela_frete" ADD CONSTRAINT "tabela_frete_tabela_anterior_id_tabela_frete_id_fk" FOREIGN KEY ("tabela_anterior_id") REFERENCES "tabela_frete"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tabela_frete_tabela_anterior_idx" ON "tabela_frete" USING btree ("tabela_anterior_id");