import { criarBus } from '../bus';

// A short notice that something worked ("Perfil salvo."): shown by the shell in a status line that never
// takes the focus. Mutations publish here, as failures go to failure-bus.
export const noticeBus = criarBus<string>();
