// The permission catalogue lives in src/contracts (the profile schema needs it); re-exported for the domain's callers.
export * from '../contracts/permissoes';
