// The plate rules live in src/contracts (the vehicle schema needs them); re-exported for the domain's callers.
export * from '../contracts/placa';
