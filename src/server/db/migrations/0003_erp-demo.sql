-- The demo ERP: the tables behind the ERP views vwTransportadora and vwCliente, in a schema of their own
-- in the same database (PGlite: "erp"; PostgreSQL, one schema per company: "<company schema>_erp").
-- src/server/erp/erp-source.ts reads them; a real ERP plugs in there instead (see that file).
DO $$
DECLARE
  erp text := CASE WHEN current_schema() = 'public' THEN 'erp' ELSE current_schema() || '_erp' END;
BEGIN
  EXECUTE format('CREATE SCHEMA IF NOT EXISTS %I', erp);
  EXECUTE format($sql$
    CREATE TABLE IF NOT EXISTS %I.vw_transportadora (
      fornecedor_id varchar(30) PRIMARY KEY,
      razao_social varchar(200) NOT NULL,
      nome_fantasia varchar(200),
      cnpj varchar(14),
      inscricao_estadual varchar(30),
      logradouro varchar(200),
      complemento varchar(100),
      cep varchar(10),
      bairro varchar(100),
      localidade varchar(100),
      estado varchar(2),
      codigo_municipio integer,
      contato varchar(100),
      telefone1 varchar(30),
      telefone2 varchar(30),
      telefone3 varchar(30)
    )$sql$, erp);
  EXECUTE format($sql$
    CREATE TABLE IF NOT EXISTS %I.vw_cliente (
      cliente_id varchar(30) PRIMARY KEY,
      razao_social varchar(200) NOT NULL,
      nome_fantasia varchar(200),
      cpf_cnpj varchar(14),
      tipo varchar(10) NOT NULL,
      posicao varchar(30) NOT NULL,
      cidade varchar(100),
      estado varchar(2),
      grupo_id varchar(30)
    )$sql$, erp);
  EXECUTE format('CREATE INDEX IF NOT EXISTS vw_cliente_grupo_idx ON %I.vw_cliente (grupo_id)', erp);
END
$$;
