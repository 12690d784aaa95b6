/** A unique index refused the row (SQLSTATE 23505), as the driver or drizzle's wrapper reports it. */
export const violouUnico = (erro: unknown) => {
  const e = erro as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
