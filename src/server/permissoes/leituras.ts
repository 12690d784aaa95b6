import { CODIGOS_USUARIOS } from '../../contracts/permissoes';
import { anyOf } from './regras';

// Lookups read by more than one screen: a rule each, used by the areas' route tables (src/server/routes/*.ts).
// docs/decisoes.md §8: a lookup a screen needs is readable by whoever may open that screen (its menu code), never by
// opening a write. The user dialog (opened from the users menu) autocompletes profiles.
export const LER_PERFIS = anyOf('____PERF_M', '____USER_M', '____USER_C', '____USER_E');

// Screens that pick a carrier (carrier autocomplete, lookups) read carriers too.
export const LER_TRANSPORTADORAS = anyOf(
  'FRETE_TRANS_M',
  'FRETE_TRANS_E',
  'FRETE_TABFR_M',
  'FRETE_CTE_M',
  'FRETE_ROMA_M',
  'FRETE_FAT_M',
  'FRETE_MINU_M',
  'FRETE_IND_FRETE_PESO',
);
export const LER_USUARIOS = anyOf(...CODIGOS_USUARIOS);
// Vehicle types are picked by the vehicle dialog, the CT-e detail and grouping dialogs (FRETE_CTE_M), the
// freight table's vehicle types and the simulation (FRETE_TABFR_M or FRETE_CTE_M).
// The fatura modal (FRETE_FAT_M) opens the same CT-e detail dialog, whose main tab lists the vehicle types.
export const LER_TIPOS_VEICULO = anyOf('FRETE_TVEIC_M', 'FRETE_VEIC_M', 'FRETE_VEIC_C', 'FRETE_VEIC_E', 'FRETE_CTE_M', 'FRETE_TABFR_M', 'FRETE_FAT_M');
// The freight table's origin and destination dialogs choose a UF.
export const LER_UFS = anyOf('FRETE_LIMITE_UF_M', 'FRETE_LIMITE_UF_E', 'FRETE_TABFR_M');
export const LER_VEICULOS = anyOf('FRETE_VEIC_M', 'FRETE_ROMA_M');
export const LER_MOTORISTAS = anyOf('FRETE_MOTO_M', 'FRETE_ROMA_M');
export const LER_CLIENTES = anyOf('____CLIE_M', '____CLIE_E');
// Spec 02 §6: the screen needs FRETE_TABFR_M; the CT-e audit reads tables and runs the calculation too
// (role checks on the simulation are "not shown": reading the tables is what it needs).
export const LER_TABELAS_FRETE = anyOf('FRETE_TABFR_M', 'FRETE_CTE_M');
// docs/decisoes.md §16: the fatura modal's Fretes tab opens the CT-e detail dialog (the CT-e, its audit history and the
// calculation PDF): a Faturas-only profile reads those too, never their writes.
export const LER_CTE = anyOf('FRETE_CTE_M', 'FRETE_FAT_M');
// "Ler Faturas" is a button of the Fretes screen and a command of /faturas; so is the upload.
export const LER_ARQUIVOS_FATURA = anyOf('FRETE_CTE_M', 'FRETE_FAT_M');
