-- Issue 33: an OCOREN batch's new occurrences are linked to the CT-es carrying their NF one occurrence at a time
-- through cte_nota_numero_idx. As a join, the planner read the whole of cte_nota for every batch of 250 rows on a
-- small database (PGlite, 20,000 CT-es: 29,000 notes read per batch, 50 ms in the event loop each); the lateral
-- subquery, kept from being flattened by OFFSET 0, is one index lookup per occurrence whatever the table's size.
CREATE OR REPLACE FUNCTION ocorrencia_vincular() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ocorrencia_cte (ocorrencia_id, cte_id)
    SELECT o.id, n.cte_id FROM novas AS o
      CROSS JOIN LATERAL (
        SELECT n.cte_id, n.chave FROM cte_nota AS n WHERE n.numero = o.numero_nf OFFSET 0) AS n
     WHERE o.numero_nf IS NOT NULL AND substr(n.chave, 7, 14) = o.cnpj_emissor_nf
       AND (o.serie_nf = '' OR ltrim(substr(n.chave, 23, 3), '0') = o.serie_nf)
    UNION
    SELECT o.id, c.id FROM novas AS o JOIN cte AS c ON c.chave = o.chave_cte WHERE o.chave_cte IS NOT NULL
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
