import { formatCpf, isValidCpf } from '@brazilian-utils/brazilian-utils';

// Spec 01 §5 / 03 §5: besides the checksum (repeated digits fail it), the well-known sample number is refused.
const AMOSTRA_CONHECIDA = '12345678909';

export const somenteDigitos = (texto: string): string => texto.replace(/\D/g, '');

/** Accepts "529.982.247-25" or "52998224725". */
export function cpfValido(texto: string): boolean {
  const digitos = somenteDigitos(texto);
  if (digitos.length !== 11 || /^(\d)\1{10}$/.test(digitos) || digitos === AMOSTRA_CONHECIDA) return false;
  return isValidCpf(digitos);
}

export const formatarCpf = (texto: string): string => formatCpf(somenteDigitos(texto));
