// `npm test`'s first step: lint and typecheck at once (one core each on the 2-core CI machine: ~45 s instead of
// ~70 s one after the other). Each one's output is printed whole when it ends, never interleaved; the step
// fails when either fails.
import { spawn } from 'node:child_process';

const rodar = (script) =>
  new Promise((resolve) => {
    const filho = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const saida = [];
    filho.stdout.on('data', (d) => saida.push(d));
    filho.stderr.on('data', (d) => saida.push(d));
    // npm missing: the step fails with the reason instead of crashing on an unhandled 'error'.
    filho.on('error', (erro) => saida.push(Buffer.from(String(erro))));
    filho.on('close', (codigo) => {
      process.stdout.write(`\n> npm run ${script}\n${Buffer.concat(saida).toString()}`);
      resolve(codigo ?? 1);
    });
  });

const codigos = await Promise.all(['lint', 'typecheck'].map(rodar));
process.exit(codigos.some((c) => c !== 0) ? 1 : 0);
