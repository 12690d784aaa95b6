-- The demo ERP's invoice (NF-e) and order views, read when a CT-e is processed (spec 03 §7 "Orders and
-- invoices lookups"): weights and values of each note the CT-e carries, and the order behind it. Same
-- schema rule as 0003_erp-demo.sql; src/server/erp/erp-tabelas.ts maps them.
DO $$
DECLARE
  erp text := CASE WHEN current_schema() = 'public' THEN 'erp' ELSE current_schema() || '_erp' END;
BEGIN
  EXECUTE format($sql$
    CREATE TABLE IF NOT EXISTS %I.vw_pedido (
      pedido_id varchar(30) PRIMARY KEY,
      cliente_id varchar(30),
      status varchar(20) NOT NULL,
      data_pedido date NOT NULL,
      valor_total numeric(15, 2),
      codigo_cobranca_adicional varchar(20)
    )$sql$, erp);
  EXECUTE format($sql$
    CREATE TABLE IF NOT EXISTS %I.vw_nota_fiscal (
      nota_fiscal_id varchar(30) PRIMARY KEY,
      chave varchar(44) NOT NULL,
      numero integer NOT NULL,
      serie varchar(3) NOT NULL,
      data_emissao date NOT NULL,
      tipo varchar(10) NOT NULL,
      pedido_id varchar(30),
      cliente_id varchar(30),
      peso_bruto numeric(15, 3),
      peso_liquido numeric(15, 3),
      valor_total_produtos numeric(15, 2),
      valor numeric(15, 2)
    )$sql$, erp);
  EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS vw_nota_fiscal_chave_idx ON %I.vw_nota_fiscal (chave)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_nota_fiscal_pedido_idx ON %I.vw_nota_fiscal (pedido_id)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_nota_fiscal_numero_idx ON %I.vw_nota_fiscal (numero)', erp);
END
$$;
