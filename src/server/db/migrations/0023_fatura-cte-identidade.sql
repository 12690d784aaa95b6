-- Issue 26, duplicate billing: each fatura line names the CT-e it bills as "CNPJ|série|número"
-- (src/domain/faturas/identidade-cte.ts): from the key when the line has one (digits 7-20, 23-25, 26-34), else
-- the line's issuer (the carrier's CNPJ when blank) with its série and número, digits without leading zeros.
ALTER TABLE "fatura_cte" ADD COLUMN "identidade" varchar(60);--> statement-breakpoint
UPDATE "fatura_cte" AS fc SET "identidade" = CASE
    WHEN fc.chave ~ '^\d{6}[0-9A-Z]{12}\d{26}$'
      THEN substr(fc.chave, 7, 14) || '|' || (substr(fc.chave, 23, 3)::int)::text || '|' || (substr(fc.chave, 26, 9)::bigint)::text
    ELSE upper(trim(coalesce(fc.cnpj_emissor, d.transportadora_cnpj)))
      || '|' || CASE WHEN trim(fc.serie) ~ '^\d+$' THEN coalesce(nullif(ltrim(trim(fc.serie), '0'), ''), '0') ELSE upper(trim(fc.serie)) END
      || '|' || CASE WHEN trim(fc.numero) ~ '^\d+$' THEN coalesce(nullif(ltrim(trim(fc.numero), '0'), ''), '0') ELSE upper(trim(fc.numero)) END
  END
  FROM "fatura_documento" AS d WHERE d.id = fc.documento_id;--> statement-breakpoint
ALTER TABLE "fatura_cte" ALTER COLUMN "identidade" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "fatura_cte_identidade_idx" ON "fatura_cte" USING btree ("identidade","fatura_id","linha");--> statement-breakpoint
-- The line that billed the same CT-e first, in a fatura not cancelled (null: this line is the first).
ALTER TABLE "fatura_cte" ADD COLUMN "cobranca_anterior_id" integer;--> statement-breakpoint
UPDATE "fatura_cte" AS fc SET "cobranca_anterior_id" = x.anterior
  FROM (SELECT l.id, (SELECT o.id FROM "fatura_cte" o JOIN "fatura" fo ON fo.id = o.fatura_id
          WHERE o.identidade = l.identidade AND fo.status = 'PROCESSADO' AND (o.fatura_id, o.linha) < (l.fatura_id, l.linha)
          ORDER BY o.fatura_id, o.linha LIMIT 1) AS anterior
        FROM "fatura_cte" l) AS x
  WHERE fc.id = x.id AND x.anterior IS NOT NULL;
