// `npm start`: build the web app and the server bundle where missing or older than their sources, then
// run the server (API + web app) on the embedded database, in this same process.
import { pathToFileURL } from 'node:url';
import { compilarServidor, compilarWeb, SERVIDOR_COMPILADO } from './compilar.mjs';

compilarWeb();
if (await compilarServidor()) await import(pathToFileURL(SERVIDOR_COMPILADO).href);
else {
  // No esbuild: the sources through tsx, as `npm run server` does.
  const { spawn } = await import('node:child_process');
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
  server.on('exit', (code) => process.exit(code ?? 0));
}
