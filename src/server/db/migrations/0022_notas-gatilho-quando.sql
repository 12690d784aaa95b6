-- Issue 17: an audit moves a CT-e from PROCESSADO to AUDITADO_*, which changes none of what its notes copy
-- (indicador is "status not LIDO, CANCELADO or DESCONSIDERADO"), yet cte_para_notas ran and rewrote every
-- note of every audited CT-e (about half of an audit batch's UPDATE time). The trigger now fires only when
-- a copied value changes, compared as the notes hold it; the function is unchanged.
DROP TRIGGER "cte_para_notas" ON "cte";--> statement-breakpoint
CREATE TRIGGER cte_para_notas AFTER UPDATE OF status, data_emissao, numero, transportadora_id, numero_fatura ON cte FOR EACH ROW
  WHEN ((NEW.status NOT IN ('LIDO', 'CANCELADO', 'DESCONSIDERADO'), NEW.data_emissao, NEW.numero, NEW.transportadora_id, NEW.numero_fatura)
    IS DISTINCT FROM (OLD.status NOT IN ('LIDO', 'CANCELADO', 'DESCONSIDERADO'), OLD.data_emissao, OLD.numero, OLD.transportadora_id, OLD.numero_fatura))
  EXECUTE FUNCTION cte_para_notas();
