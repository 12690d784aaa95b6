-- Issue 33: the charts of /indicadores from stored sums (schema/indicador-resumo.ts). Each note keeps its CT-e's
-- destination UF and its two indicators, computed by the database as the list computes them (frete a pagar = NF
-- weight × CT-e value ÷ CT-e weight to cents; frete peso = that ÷ CT-e weight, frete valor = that × 100 ÷ NF value,
-- 4 decimals; each division rounded half-up once on its exact quotient, the twin of dividirSql), on insert, on a
-- change of its weight, value or CT-e, and when the CT-e's value, weight or UF changes (the triggers of 0020 now
-- pass those on too). Statement triggers on cte_nota append `delta` rows to indicador_resumo per (reference, day,
-- UF, carrier) a statement changed; a change of a UF's limits recounts that UF's rows.
CREATE TABLE "indicador_resumo" (
	"referencia" char(1) NOT NULL,
	"dia" date NOT NULL,
	"uf_destino" varchar(2) NOT NULL,
	"transportadora_id" integer NOT NULL,
	"notas" integer NOT NULL,
	"soma_frete_peso" numeric NOT NULL,
	"qtd_frete_peso" integer NOT NULL,
	"soma_frete_valor" numeric NOT NULL,
	"qtd_frete_valor" integer NOT NULL,
	"vermelhas_peso" integer NOT NULL,
	"vermelhas_valor" integer NOT NULL,
	"delta" boolean DEFAULT true NOT NULL
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE INDEX "indicador_resumo_leitura_idx" ON "indicador_resumo" USING btree ("referencia","dia","transportadora_id");--> statement-breakpoint
CREATE UNIQUE INDEX "indicador_resumo_chave_idx" ON "indicador_resumo" USING btree ("referencia","dia","uf_destino","transportadora_id") WHERE not "indicador_resumo"."delta";
--> statement-breakpoint
ALTER TABLE "cte_nota" ADD COLUMN "uf_destino" varchar(2);--> statement-breakpoint
ALTER TABLE "cte_nota" ADD COLUMN "indicador_frete_peso" numeric;--> statement-breakpoint
ALTER TABLE "cte_nota" ADD COLUMN "indicador_frete_valor" numeric;--> statement-breakpoint
-- dividendo ÷ divisor rounded half-up (away from zero) once to `casas` decimals; null when the divisor is 0 or null.
CREATE OR REPLACE FUNCTION dividir_meio_acima(a numeric, b numeric, casas integer) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT round(sign(a) * sign(b) * div(abs(a) * 2 * 10::numeric ^ casas + abs(nullif(b, 0)), 2 * abs(nullif(b, 0))) / 10::numeric ^ casas, casas)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION nota_frete_peso(peso_nf numeric, valor_cte numeric, peso_cte numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT dividir_meio_acima(dividir_meio_acima(peso_nf * valor_cte, peso_cte, 2), peso_cte, 4)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION nota_frete_valor(peso_nf numeric, valor_nf numeric, valor_cte numeric, peso_cte numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT dividir_meio_acima(dividir_meio_acima(peso_nf * valor_cte, peso_cte, 2) * 100, valor_nf, 4)
$$;--> statement-breakpoint
UPDATE "cte_nota" AS n SET "uf_destino" = c."uf_destino", "indicador_frete_peso" = nota_frete_peso(n."peso_bruto", c."valor_total", c."peso_bruto"),
  "indicador_frete_valor" = nota_frete_valor(n."peso_bruto", n."valor", c."valor_total", c."peso_bruto")
  FROM "cte" AS c WHERE c."id" = n."cte_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION cte_nota_do_cte() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  valor_cte numeric;
  peso_cte numeric;
BEGIN
  SELECT c.status NOT IN ('LIDO', 'CANCELADO', 'DESCONSIDERADO'), c.data_emissao, c.numero, c.transportadora_id, c.numero_fatura, c.uf_destino, c.valor_total, c.peso_bruto
    INTO NEW.indicador, NEW.cte_emissao, NEW.cte_numero, NEW.transportadora_id, NEW.numero_fatura, NEW.uf_destino, valor_cte, peso_cte
    FROM cte c WHERE c.id = NEW.cte_id;
  NEW.indicador_frete_peso := nota_frete_peso(NEW.peso_bruto, valor_cte, peso_cte);
  NEW.indicador_frete_valor := nota_frete_valor(NEW.peso_bruto, NEW.valor, valor_cte, peso_cte);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "cte_nota_do_cte" ON "cte_nota";--> statement-breakpoint
CREATE TRIGGER cte_nota_do_cte BEFORE INSERT OR UPDATE OF cte_id, peso_bruto, valor ON cte_nota FOR EACH ROW EXECUTE FUNCTION cte_nota_do_cte();--> statement-breakpoint
-- One statement for all the CT-es a statement changed (transition tables, as cte_resumo_update already keeps): the
-- row trigger ran one UPDATE of cte_nota per CT-e, and each fired the statement triggers below, so linking a DOCCOB's
-- 5,000 CT-es ran 5,000 of them (2.6 s in one PGlite statement). Only CT-es whose copied values changed, compared as
-- the notes hold them (0022: an audit's PROCESSADO → AUDITADO_* changes no note).
CREATE OR REPLACE FUNCTION cte_para_notas() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  SELECT array_agg(c.id) INTO ids FROM novas c JOIN antigas o ON o.id = c.id
  WHERE (c.status NOT IN ('LIDO', 'CANCELADO', 'DESCONSIDERADO'), c.data_emissao, c.numero, c.transportadora_id, c.numero_fatura, c.uf_destino, c.valor_total, c.peso_bruto)
    IS DISTINCT FROM (o.status NOT IN ('LIDO', 'CANCELADO', 'DESCONSIDERADO'), o.data_emissao, o.numero, o.transportadora_id, o.numero_fatura, o.uf_destino, o.valor_total, o.peso_bruto);
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- The notes by their CT-e index (= ANY of the ids: a join with the transition table, whose size the planner does
  -- not know, scanned the whole cte_nota for every one-CT-e statement).
  UPDATE cte_nota n SET indicador = c.status NOT IN ('LIDO', 'CANCELADO', 'DESCONSIDERADO'), cte_emissao = c.data_emissao,
    cte_numero = c.numero, transportadora_id = c.transportadora_id, numero_fatura = c.numero_fatura, uf_destino = c.uf_destino,
    indicador_frete_peso = nota_frete_peso(n.peso_bruto, c.valor_total, c.peso_bruto),
    indicador_frete_valor = nota_frete_valor(n.peso_bruto, n.valor, c.valor_total, c.peso_bruto)
  FROM novas c
  WHERE n.cte_id = ANY (ids) AND c.id = n.cte_id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "cte_para_notas" ON "cte";--> statement-breakpoint
CREATE TRIGGER cte_para_notas AFTER UPDATE ON cte REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION cte_para_notas();--> statement-breakpoint
-- The counted notes of `tabela` (cte_nota or a transition table) as signed rows (s: +1 or -1).
CREATE OR REPLACE FUNCTION indicador_resumo_fonte(tabela text, sinal integer, onde text DEFAULT 'true') RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('SELECT %s AS s, coalesce(transportadora_id, 0) AS t, coalesce(uf_destino, %L) AS uf_destino, data_emissao, cte_emissao,
    indicador_frete_peso AS fp, indicador_frete_valor AS fv FROM %s WHERE indicador AND (%s)', sinal, '', tabela, onde)
$$;--> statement-breakpoint
-- The INSERT that adds the signed rows of `fonte` into indicador_resumo, one row per key they touch (in the read
-- index's order: a period's rows stored together); a key whose figures did not move adds nothing. A text run by
-- EXECUTE for the existing notes and a UF's recount; the triggers on cte_nota run the same statement written out.
CREATE OR REPLACE FUNCTION indicador_resumo_insercao(fonte text, delta boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($f$
    INSERT INTO indicador_resumo (referencia, dia, uf_destino, transportadora_id, notas, soma_frete_peso, qtd_frete_peso,
      soma_frete_valor, qtd_frete_valor, vermelhas_peso, vermelhas_valor, delta)
    SELECT r.referencia, r.dia, m.uf_destino, m.t, sum(m.s), coalesce(sum(m.s * m.fp), 0), coalesce(sum(m.s) FILTER (WHERE m.fp IS NOT NULL), 0),
      coalesce(sum(m.s * m.fv), 0), coalesce(sum(m.s) FILTER (WHERE m.fv IS NOT NULL), 0),
      coalesce(sum(m.s) FILTER (WHERE m.fp >= u.limite_frete_peso), 0), coalesce(sum(m.s) FILTER (WHERE m.fv >= u.limite_frete_valor), 0), %L::boolean
    FROM (%s) AS m
    CROSS JOIN LATERAL (VALUES ('N', m.data_emissao), ('C', (m.cte_emissao AT TIME ZONE 'America/Sao_Paulo')::date)) AS r(referencia, dia)
    LEFT JOIN uf u ON u.sigla = m.uf_destino
    WHERE r.dia IS NOT NULL
    GROUP BY r.referencia, r.dia, m.uf_destino, m.t
    HAVING sum(m.s) <> 0 OR coalesce(sum(m.s * m.fp), 0) <> 0 OR coalesce(sum(m.s * m.fv), 0) <> 0
      OR coalesce(sum(m.s) FILTER (WHERE m.fp IS NOT NULL), 0) <> 0 OR coalesce(sum(m.s) FILTER (WHERE m.fv IS NOT NULL), 0) <> 0
      OR coalesce(sum(m.s) FILTER (WHERE m.fp >= u.limite_frete_peso), 0) <> 0 OR coalesce(sum(m.s) FILTER (WHERE m.fv >= u.limite_frete_valor), 0) <> 0
    ORDER BY 1, 2, 4, 3$f$,
    delta, fonte)
$$;--> statement-breakpoint
-- The existing notes, in the read index's order (a period's rows stored together).
DO $$ BEGIN EXECUTE indicador_resumo_insercao(indicador_resumo_fonte('cte_nota', 1), false); END $$;--> statement-breakpoint
ANALYZE "indicador_resumo";--> statement-breakpoint
-- The triggers' own statements are the INSERT of indicador_resumo_insercao written out, not EXECUTEd: a static statement
-- keeps its plan (measured at 1,000,000 CT-es: a one-note UPDATE cost 0.33 ms without the trigger, 2.3 ms with the
-- EXECUTE, 0.55 ms static).
CREATE OR REPLACE FUNCTION indicador_resumo_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO indicador_resumo (referencia, dia, uf_destino, transportadora_id, notas, soma_frete_peso, qtd_frete_peso, soma_frete_valor, qtd_frete_valor, vermelhas_peso, vermelhas_valor)
      SELECT r.referencia, r.dia, m.uf_destino, m.t, sum(m.s), coalesce(sum(m.s * m.fp), 0), coalesce(sum(m.s) FILTER (WHERE m.fp IS NOT NULL), 0),
        coalesce(sum(m.s * m.fv), 0), coalesce(sum(m.s) FILTER (WHERE m.fv IS NOT NULL), 0),
        coalesce(sum(m.s) FILTER (WHERE m.fp >= u.limite_frete_peso), 0), coalesce(sum(m.s) FILTER (WHERE m.fv >= u.limite_frete_valor), 0)
      FROM (SELECT 1 AS s, coalesce(transportadora_id, 0) AS t, coalesce(uf_destino, '') AS uf_destino, data_emissao, cte_emissao,
          indicador_frete_peso AS fp, indicador_frete_valor AS fv FROM novas WHERE indicador) AS m
      CROSS JOIN LATERAL (VALUES ('N', m.data_emissao), ('C', (m.cte_emissao AT TIME ZONE 'America/Sao_Paulo')::date)) AS r(referencia, dia)
      LEFT JOIN uf u ON u.sigla = m.uf_destino
      WHERE r.dia IS NOT NULL
      GROUP BY r.referencia, r.dia, m.uf_destino, m.t
      HAVING sum(m.s) <> 0 OR coalesce(sum(m.s * m.fp), 0) <> 0 OR coalesce(sum(m.s * m.fv), 0) <> 0
        OR coalesce(sum(m.s) FILTER (WHERE m.fp IS NOT NULL), 0) <> 0 OR coalesce(sum(m.s) FILTER (WHERE m.fv IS NOT NULL), 0) <> 0
        OR coalesce(sum(m.s) FILTER (WHERE m.fp >= u.limite_frete_peso), 0) <> 0 OR coalesce(sum(m.s) FILTER (WHERE m.fv >= u.limite_frete_valor), 0) <> 0
      ORDER BY 1, 2, 4, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO indicador_resumo (referencia, dia, uf_destino, transportadora_id, notas, soma_frete_peso, qtd_frete_peso, soma_frete_valor, qtd_frete_valor, vermelhas_peso, vermelhas_valor)
      SELECT r.referencia, r.dia, m.uf_destino, m.t, sum(m.s), coalesce(sum(m.s * m.fp), 0), coalesce(sum(m.s) FILTER (WHERE m.fp IS NOT NULL), 0),
        coalesce(sum(m.s * m.fv), 0), coalesce(sum(m.s) FILTER (WHERE m.fv IS NOT NULL), 0),
        coalesce(sum(m.s) FILTER (WHERE m.fp >= u.limite_frete_peso), 0), coalesce(sum(m.s) FILTER (WHERE m.fv >= u.limite_frete_valor), 0)
      FROM (SELECT -1 AS s, coalesce(transportadora_id, 0) AS t, coalesce(uf_destino, '') AS uf_destino, data_emissao, cte_emissao,
          indicador_frete_peso AS fp, indicador_frete_valor AS fv FROM antigas WHERE indicador) AS m
      CROSS JOIN LATERAL (VALUES ('N', m.data_emissao), ('C', (m.cte_emissao AT TIME ZONE 'America/Sao_Paulo')::date)) AS r(referencia, dia)
      LEFT JOIN uf u ON u.sigla = m.uf_destino
      WHERE r.dia IS NOT NULL
      GROUP BY r.referencia, r.dia, m.uf_destino, m.t
      HAVING sum(m.s) <> 0 OR coalesce(sum(m.s * m.fp), 0) <> 0 OR coalesce(sum(m.s * m.fv), 0) <> 0
        OR coalesce(sum(m.s) FILTER (WHERE m.fp IS NOT NULL), 0) <> 0 OR coalesce(sum(m.s) FILTER (WHERE m.fv IS NOT NULL), 0) <> 0
        OR coalesce(sum(m.s) FILTER (WHERE m.fp >= u.limite_frete_peso), 0) <> 0 OR coalesce(sum(m.s) FILTER (WHERE m.fv >= u.limite_frete_valor), 0) <> 0
      ORDER BY 1, 2, 4, 3;
  ELSE
    -- Old rows out, new rows in; most updates (the fatura, uncounted notes) add nothing.
    INSERT INTO indicador_resumo (referencia, dia, uf_destino, transportadora_id, notas, soma_frete_peso, qtd_frete_peso, soma_frete_valor, qtd_frete_valor, vermelhas_peso, vermelhas_valor)
      SELECT r.referencia, r.dia, m.uf_destino, m.t, sum(m.s), coalesce(sum(m.s * m.fp), 0), coalesce(sum(m.s) FILTER (WHERE m.fp IS NOT NULL), 0),
        coalesce(sum(m.s * m.fv), 0), coalesce(sum(m.s) FILTER (WHERE m.fv IS NOT NULL), 0),
        coalesce(sum(m.s) FILTER (WHERE m.fp >= u.limite_frete_peso), 0), coalesce(sum(m.s) FILTER (WHERE m.fv >= u.limite_frete_valor), 0)
      FROM (SELECT -1 AS s, coalesce(transportadora_id, 0) AS t, coalesce(uf_destino, '') AS uf_destino, data_emissao, cte_emissao,
          indicador_frete_peso AS fp, indicador_frete_valor AS fv FROM antigas WHERE indicador
        UNION ALL SELECT 1 AS s, coalesce(transportadora_id, 0) AS t, coalesce(uf_destino, '') AS uf_destino, data_emissao, cte_emissao,
          indicador_frete_peso AS fp, indicador_frete_valor AS fv FROM novas WHERE indicador) AS m
      CROSS JOIN LATERAL (VALUES ('N', m.data_emissao), ('C', (m.cte_emissao AT TIME ZONE 'America/Sao_Paulo')::date)) AS r(referencia, dia)
      LEFT JOIN uf u ON u.sigla = m.uf_destino
      WHERE r.dia IS NOT NULL
      GROUP BY r.referencia, r.dia, m.uf_destino, m.t
      HAVING sum(m.s) <> 0 OR coalesce(sum(m.s * m.fp), 0) <> 0 OR coalesce(sum(m.s * m.fv), 0) <> 0
        OR coalesce(sum(m.s) FILTER (WHERE m.fp IS NOT NULL), 0) <> 0 OR coalesce(sum(m.s) FILTER (WHERE m.fv IS NOT NULL), 0) <> 0
        OR coalesce(sum(m.s) FILTER (WHERE m.fp >= u.limite_frete_peso), 0) <> 0 OR coalesce(sum(m.s) FILTER (WHERE m.fv >= u.limite_frete_valor), 0) <> 0
      ORDER BY 1, 2, 4, 3;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER indicador_resumo_insert AFTER INSERT ON cte_nota REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION indicador_resumo_delta();--> statement-breakpoint
CREATE TRIGGER indicador_resumo_update AFTER UPDATE ON cte_nota REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION indicador_resumo_delta();--> statement-breakpoint
CREATE TRIGGER indicador_resumo_delete AFTER DELETE ON cte_nota REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION indicador_resumo_delta();--> statement-breakpoint
CREATE OR REPLACE FUNCTION indicador_resumo_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE indicador_resumo;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER indicador_resumo_truncate AFTER TRUNCATE ON cte_nota FOR EACH STATEMENT EXECUTE FUNCTION indicador_resumo_truncar();--> statement-breakpoint
-- A UF whose limits (or sigla) change, or a UF added or removed: its rows recounted from its notes, under the
-- compaction's lock (src/server/indicadores/compactar-resumo-indicadores.ts), deltas included.
CREATE OR REPLACE FUNCTION indicador_resumo_uf() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  siglas text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    siglas := ARRAY[NEW.sigla];
  ELSIF TG_OP = 'DELETE' THEN
    siglas := ARRAY[OLD.sigla];
  ELSIF (NEW.sigla, NEW.limite_frete_peso, NEW.limite_frete_valor) IS DISTINCT FROM (OLD.sigla, OLD.limite_frete_peso, OLD.limite_frete_valor) THEN
    siglas := ARRAY[OLD.sigla, NEW.sigla];
  ELSE
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || '.indicador_resumo'));
  DELETE FROM indicador_resumo WHERE uf_destino = ANY (siglas);
  EXECUTE indicador_resumo_insercao(indicador_resumo_fonte('cte_nota', 1, format('uf_destino = ANY (%L)', siglas)), false);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER indicador_resumo_uf AFTER INSERT OR DELETE OR UPDATE OF sigla, limite_frete_peso, limite_frete_valor ON uf FOR EACH ROW EXECUTE FUNCTION indicador_resumo_uf();
