-- The demo ERP's service orders (O.S.) with their lines, the invoice (NF-e) items, and the invoice columns
-- the service-order manifest's pickers read (spec 03 §3 "Service-order manifest", §7 "Manifests"): carrier,
-- freight, volumes and their unit, delivery municipality. Same schema rule as 0003_erp-demo.sql;
-- src/server/erp/erp-tabelas.ts maps them, src/server/erp/erp-ordens-servico.ts reads them.
DO $$
DECLARE
  erp text := CASE WHEN current_schema() = 'public' THEN 'erp' ELSE current_schema() || '_erp' END;
BEGIN
  EXECUTE format($sql$
    CREATE TABLE IF NOT EXISTS %I.vw_ordem_servico (
      ordem_servico integer PRIMARY KEY,
      pedido_id varchar(30) NOT NULL,
      cliente_id varchar(30),
      transportadora_id varchar(30),
      data_entrega date NOT NULL,
      codigo_municipio integer,
      uf varchar(2),
      frete numeric(15, 2),
      peso_bruto numeric(15, 3),
      peso_liquido numeric(15, 3),
      volumes integer,
      unidade varchar(12),
      nota_fiscal_id varchar(30)
    )$sql$, erp);
  EXECUTE format($sql$
    CREATE TABLE IF NOT EXISTS %I.vw_ordem_servico_linha (
      ordem_servico integer NOT NULL,
      linha integer NOT NULL,
      item_pedido_id varchar(30) NOT NULL,
      produto_id varchar(30) NOT NULL,
      produto_descricao varchar(200) NOT NULL,
      quantidade numeric(15, 3) NOT NULL,
      quantidade_produzida numeric(15, 3),
      quantidade_m2 numeric(15, 3),
      frete numeric(15, 2),
      valor_nota_fiscal_item numeric(15, 2),
      PRIMARY KEY (ordem_servico, linha)
    )$sql$, erp);
  EXECUTE format($sql$
    CREATE TABLE IF NOT EXISTS %I.vw_nota_fiscal_item (
      nota_fiscal_id varchar(30) NOT NULL,
      item_id integer NOT NULL,
      produto_id varchar(30),
      descricao varchar(200) NOT NULL,
      quantidade numeric(15, 3) NOT NULL,
      unidade varchar(6),
      valor_total_item numeric(15, 2),
      PRIMARY KEY (nota_fiscal_id, item_id)
    )$sql$, erp);
  EXECUTE format('ALTER TABLE %I.vw_nota_fiscal ADD COLUMN IF NOT EXISTS transportadora_id varchar(30)', erp);
  EXECUTE format('ALTER TABLE %I.vw_nota_fiscal ADD COLUMN IF NOT EXISTS frete numeric(15, 2)', erp);
  EXECUTE format('ALTER TABLE %I.vw_nota_fiscal ADD COLUMN IF NOT EXISTS volumes integer', erp);
  EXECUTE format('ALTER TABLE %I.vw_nota_fiscal ADD COLUMN IF NOT EXISTS unidade varchar(12)', erp);
  EXECUTE format('ALTER TABLE %I.vw_nota_fiscal ADD COLUMN IF NOT EXISTS codigo_municipio integer', erp);
  EXECUTE format('ALTER TABLE %I.vw_nota_fiscal ADD COLUMN IF NOT EXISTS uf varchar(2)', erp);
  -- The pickers: by carrier and period first, then customer, order, O.S., municipality and product.
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_ordem_servico_transp_data_idx ON %I.vw_ordem_servico (transportadora_id, data_entrega)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_ordem_servico_cliente_idx ON %I.vw_ordem_servico (cliente_id)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_ordem_servico_pedido_idx ON %I.vw_ordem_servico (pedido_id)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_ordem_servico_municipio_idx ON %I.vw_ordem_servico (codigo_municipio)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_ordem_servico_nota_idx ON %I.vw_ordem_servico (nota_fiscal_id)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_ordem_servico_linha_produto_idx ON %I.vw_ordem_servico_linha (produto_id, ordem_servico)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_nota_fiscal_item_produto_idx ON %I.vw_nota_fiscal_item (produto_id, nota_fiscal_id)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_nota_fiscal_transp_data_idx ON %I.vw_nota_fiscal (transportadora_id, data_emissao)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_nota_fiscal_cliente_idx ON %I.vw_nota_fiscal (cliente_id)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_nota_fiscal_municipio_idx ON %I.vw_nota_fiscal (codigo_municipio)', erp);
END
$$;
