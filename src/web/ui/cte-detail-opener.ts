import { criarBus } from '../bus';

const aberturas = criarBus<number>();

/**
 * Opens the CT-e detail dialog (spec 03 §2.2) over any screen or dialog. The shell hosts the dialog and
 * listens here, so a feature (the fatura's Fretes tab) opens it without importing the CT-e feature. Closing
 * it gives the focus back to where it was opened from (the focus stack).
 */
export const cteDetailOpener = { abrir: aberturas.publicar, assinar: aberturas.assinar };
