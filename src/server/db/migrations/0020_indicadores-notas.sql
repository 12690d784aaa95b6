-- Issue 16: what the indicators filter on is copied from the CT-e to each of its notes, by the database
-- itself, so a page of indicators and its count read cte_nota alone through one partial index (a month of a
-- million CT-es is some 200,000 notes: a join to count them took over a second). `indicador`: the CT-e counts
-- (not LIDO, CANCELADO or DESCONSIDERADO). A note takes the CT-e's figures when inserted; a CT-e whose date,
-- number, carrier, fatura or status changes passes them on to its notes (triggers below).
DROP INDEX "cte_nota_emissao_idx";--> statement-breakpoint
ALTER TABLE "cte_nota" ADD COLUMN "indicador" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cte_nota" ADD COLUMN "cte_emissao" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cte_nota" ADD COLUMN "cte_numero" integer;--> statement-breakpoint
ALTER TABLE "cte_nota" ADD COLUMN "transportadora_id" integer;--> statement-breakpoint
ALTER TABLE "cte_nota" ADD COLUMN "numero_fatura" varchar(20);--> statement-breakpoint
UPDATE "cte_nota" AS n SET "indicador" = c."status" NOT IN ('LIDO', 'CANCELADO', 'DESCONSIDERADO'), "cte_emissao" = c."data_emissao",
  "cte_numero" = c."numero", "transportadora_id" = c."transportadora_id", "numero_fatura" = c."numero_fatura"
  FROM "cte" AS c WHERE c."id" = n."cte_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION cte_nota_do_cte() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.status NOT IN ('LIDO', 'CANCELADO', 'DESCONSIDERADO'), c.data_emissao, c.numero, c.transportadora_id, c.numero_fatura
    INTO NEW.indicador, NEW.cte_emissao, NEW.cte_numero, NEW.transportadora_id, NEW.numero_fatura
    FROM cte c WHERE c.id = NEW.cte_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER cte_nota_do_cte BEFORE INSERT OR UPDATE OF cte_id ON cte_nota FOR EACH ROW EXECUTE FUNCTION cte_nota_do_cte();--> statement-breakpoint
CREATE OR REPLACE FUNCTION cte_para_notas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.status, NEW.data_emissao, NEW.numero, NEW.transportadora_id, NEW.numero_fatura)
     IS DISTINCT FROM (OLD.status, OLD.data_emissao, OLD.numero, OLD.transportadora_id, OLD.numero_fatura) THEN
    UPDATE cte_nota SET indicador = NEW.status NOT IN ('LIDO', 'CANCELADO', 'DESCONSIDERADO'), cte_emissao = NEW.data_emissao,
      cte_numero = NEW.numero, transportadora_id = NEW.transportadora_id, numero_fatura = NEW.numero_fatura
      WHERE cte_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cte_para_notas AFTER UPDATE OF status, data_emissao, numero, transportadora_id, numero_fatura ON cte FOR EACH ROW EXECUTE FUNCTION cte_para_notas();--> statement-breakpoint
CREATE INDEX "cte_nota_ind_nf_idx" ON "cte_nota" USING btree ("data_emissao" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cte_nota"."indicador" and "cte_nota"."data_emissao" is not null;--> statement-breakpoint
CREATE INDEX "cte_nota_ind_cte_idx" ON "cte_nota" USING btree ("cte_emissao" DESC NULLS LAST,"cte_id" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cte_nota"."indicador";--> statement-breakpoint
CREATE INDEX "cte_nota_ind_transportadora_idx" ON "cte_nota" USING btree ("transportadora_id","cte_emissao" DESC NULLS LAST) WHERE "cte_nota"."indicador";--> statement-breakpoint
CREATE INDEX "cte_nota_ind_fatura_idx" ON "cte_nota" USING btree ("numero_fatura") WHERE "cte_nota"."indicador";--> statement-breakpoint
CREATE INDEX "cte_nota_ind_numero_idx" ON "cte_nota" USING btree ("cte_numero") WHERE "cte_nota"."indicador";
