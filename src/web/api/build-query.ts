// Spec 01 §7: skip null/undefined, omit empty strings, join arrays with commas, JSON-encode objects.
export function buildQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const partes: string[] = [];
  for (const [chave, valor] of Object.entries(params)) {
    const texto = serializar(valor);
    if (texto === null || texto === '') continue;
    partes.push(`${encodeURIComponent(chave)}=${encodeURIComponent(texto)}`);
  }
  return partes.length > 0 ? `?${partes.join('&')}` : '';
}

function serializar(valor: unknown): string | null {
  if (valor === null || valor === undefined) return null;
  if (Array.isArray(valor)) {
    return valor.filter((v) => v !== null && v !== undefined).map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  }
  if (valor instanceof Date) return Number.isNaN(valor.getTime()) ? null : valor.toISOString();
  if (typeof valor === 'object') return JSON.stringify(valor);
  return String(valor);
}
