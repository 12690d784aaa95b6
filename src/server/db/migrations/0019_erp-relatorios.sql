-- The demo ERP's documents and receivables behind the report downloads (spec 03 §7 "Indicators and reports";
-- issue 16): each invoice's PDF (generated once by the demo seed; some notes have none), the receivables
-- (títulos a receber) of the overdue report, and the indexes of the period reports (orders by date, invoices
-- by issue date, open receivables by due date). Same schema rule as 0003_erp-demo.sql;
-- src/server/erp/erp-tabelas.ts maps them, src/server/relatorios/ reads them.
DO $$
DECLARE
  erp text := CASE WHEN current_schema() = 'public' THEN 'erp' ELSE current_schema() || '_erp' END;
BEGIN
  EXECUTE format($sql$
    CREATE TABLE IF NOT EXISTS %I.vw_nota_fiscal_pdf (
      nota_fiscal_id varchar(30) PRIMARY KEY,
      pdf bytea NOT NULL
    )$sql$, erp);
  EXECUTE format($sql$
    CREATE TABLE IF NOT EXISTS %I.vw_titulo_receber (
      titulo_id varchar(30) PRIMARY KEY,
      cliente_id varchar(30) NOT NULL,
      nota_fiscal_id varchar(30),
      documento varchar(30) NOT NULL,
      parcela integer NOT NULL DEFAULT 1,
      data_emissao date NOT NULL,
      data_vencimento date NOT NULL,
      data_pagamento date,
      valor numeric(15, 2) NOT NULL
    )$sql$, erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_titulo_receber_vencimento_idx ON %I.vw_titulo_receber (data_vencimento, cliente_id)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_pedido_data_idx ON %I.vw_pedido (data_pedido)', erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_nota_fiscal_data_idx ON %I.vw_nota_fiscal (data_emissao)', erp);
END
$$;
