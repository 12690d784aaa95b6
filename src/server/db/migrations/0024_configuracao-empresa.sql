-- The company's own identity in its settings row, for the documents that name it (the transport contract's
-- CONTRATANTE: legal name, CNPJ and address). Nullable: an install without them prints the company code only.
ALTER TABLE "configuracao" ADD COLUMN "razao_social" varchar(200);--> statement-breakpoint
ALTER TABLE "configuracao" ADD COLUMN "cnpj" varchar(14);--> statement-breakpoint
ALTER TABLE "configuracao" ADD COLUMN "endereco" varchar(300);
