import { motoristaPageSchema, motoristaSchema, type Motorista, type MotoristaCadastro } from '../../contracts/motoristas';
import { crudApi } from './crud-api';

/** /motoristas (spec 01 §7): DELETE sets status INATIVO. */
export const motoristasApi = crudApi<Motorista, MotoristaCadastro>('/motoristas', 'motoristas', motoristaSchema, motoristaPageSchema, { salvo: 'Motorista salvo.', excluido: 'Motorista excluído.' });

