// The CPF check lives in src/contracts (the driver schema needs it); re-exported for the domain's callers.
export * from '../contracts/cpf';
