// Spec 01 §5: an e-mail pattern and a YYYY-MM-DD date pattern are available to forms.
export const INPUT_PATTERNS = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  dataIso: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
} as const;
