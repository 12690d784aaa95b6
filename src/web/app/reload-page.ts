// Isolated so tests can observe reloads (jsdom cannot reload).
export const reloadPage = { run: (): void => window.location.reload() };
