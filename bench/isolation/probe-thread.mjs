/**
 * The latency probe (probe.mjs) in a worker thread of its own: the bench's main thread also builds
 * and sends the hostile inputs (undici copies a 5 MB body for a few hundred milliseconds), and a
 * probe sharing that event loop would time the bench's own stall as the server's.
 */
import { Worker } from 'node:worker_threads';

const SOURCE = `
  const { parentPort, workerData } = require('node:worker_threads');
  import(workerData.probe).then(({ startProbe }) => {
    const probe = startProbe(workerData.options);
    parentPort.once('message', async () => parentPort.postMessage(await probe.stop()));
  });
`;

/** Same answer as startProbe: `stop()` resolves to `{ samples, failures, skipped }`. */
export function startProbe(options) {
  const worker = new Worker(SOURCE, { eval: true, workerData: { probe: new URL('./probe.mjs', import.meta.url).href, options } });
  return {
    async stop() {
      const result = new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
}
