import type { Readable } from 'node:stream';

// A Node stream as a Response body that reads it only as fast as the client takes the bytes. Node 20's
// Readable.toWeb reads its source eagerly (its queue counts chunks up to the source's highWaterMark in bytes), so a
// workbook written faster than the client downloads piled up in memory (+700 MB for a million rows sorted by
// carrier). Here the web stream asks the Node stream for one chunk when its queue is empty (pull), the Node stream's
// own buffer fills meanwhile, and its writer sees 'drain' late: back-pressure from the socket to the producer.

export function corpoDeStream(origem: Readable): ReadableStream<Uint8Array> {
  const iterador = origem[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controle) {
        const { value, done } = await iterador.next();
        if (done) controle.close();
        else controle.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        // Ends the iteration, which destroys the source (its writer stops at its next check).
        await iterador.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
