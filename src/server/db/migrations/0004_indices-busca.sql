CREATE INDEX "cliente_razao_social_trgm_idx" ON "cliente" USING gin ("razao_social" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cliente_nome_fantasia_trgm_idx" ON "cliente" USING gin ("nome_fantasia" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cliente_descricao_amigavel_trgm_idx" ON "cliente" USING gin ("descricao_amigavel" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cliente_cidade_trgm_idx" ON "cliente" USING gin ("cidade" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cliente_estado_idx" ON "cliente" USING btree ("estado");--> statement-breakpoint
CREATE INDEX "motorista_cidade_idx" ON "motorista" USING btree ("cidade");--> statement-breakpoint
CREATE INDEX "motorista_uf_idx" ON "motorista" USING btree ("uf");--> statement-breakpoint
CREATE INDEX "transportadora_razao_social_trgm_idx" ON "transportadora" USING gin ("razao_social" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transportadora_nome_fantasia_trgm_idx" ON "transportadora" USING gin ("nome_fantasia" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transportadora_fornecedor_trgm_idx" ON "transportadora" USING gin ("fornecedor_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transportadora_estado_idx" ON "transportadora" USING btree ("estado");--> statement-breakpoint
CREATE INDEX "veiculo_placa_trgm_idx" ON "veiculo" USING gin ("placa" gin_trgm_ops);