import { Worker } from 'node:worker_threads';

// The probe of the "while a batch runs" benchmarks: a worker thread (its own event loop, so it measures the server
// and not itself) GETs one path in a loop until told to stop (or `limite` calls), answering the latencies in ms.
const SONDA = `
const { parentPort, workerData } = require('node:worker_threads');
let parar = false;
parentPort.on('message', () => { parar = true; });
(async () => {
  const xs = [];
  while (!parar && xs.length < workerData.limite) {
    const t = performance.now();
    const r = await fetch(workerData.url, { headers: { authorization: workerData.token } });
    await r.arrayBuffer();
    if (!r.ok) throw new Error('sonda: ' + r.status);
    xs.push(performance.now() - t);
    await new Promise((ok) => setTimeout(ok, 5));
  }
  parentPort.postMessage(xs);
})();`;

export function sondar(urlCompleta: string, token: string, limite: number) {
  const w = new Worker(SONDA, { eval: true, workerData: { url: urlCompleta, token, limite } });
  const latencias = new Promise<number[]>((ok, falha) => {
    w.once('message', (xs: number[]) => ok(xs));
    w.once('error', falha);
  }).finally(() => w.terminate());
  return { latencias, parar: () => w.postMessage('parar') };
}
