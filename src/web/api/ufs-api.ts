import { ufPageSchema, ufSchema, type Uf, type UfLimites } from '../../contracts/ufs';
import { crudApi } from './crud-api';

/** /ufs: list (size 100, spec 01 §9) and POST of the two limits. */
export const ufsApi = crudApi<Uf, UfLimites>('/ufs', 'ufs', ufSchema, ufPageSchema, { salvo: 'Limites da UF salvos.' });
