-- Issue 16: the NF's issue date on each CT-e note, for the indicators' "NF" reference (spec 03 §3
-- "Indicator filter"). Processing copies it from the ERP with the weights; the notes stored before this
-- migration get their CT-e's issue date (São Paulo), which the next processing replaces with the ERP's.
ALTER TABLE "cte_nota" ADD COLUMN "data_emissao" date;--> statement-breakpoint
UPDATE "cte_nota" AS n SET "data_emissao" = (c."data_emissao" AT TIME ZONE 'America/Sao_Paulo')::date FROM "cte" AS c WHERE c."id" = n."cte_id";--> statement-breakpoint
CREATE INDEX "cte_nota_emissao_idx" ON "cte_nota" USING btree ("data_emissao" DESC NULLS LAST,"id" DESC NULLS LAST);
