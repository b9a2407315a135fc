/**
 * The engine yardstick of bench:files: one fixed plain-JavaScript workload, our base64 byte loop
 * (ByteBase64Decoder) on the same generated 16 MB of base64, timed in Node
 * and in a web worker of the bench's Chromium page in the same run. Its ratio is the engines' own
 * speed gap on our code; the parse ratio beside it, read against it, tells what is the app's overhead.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { ByteBase64Decoder } from '../../src/parsing/postal-mime-decoders.ts';

const PASSES = 5;

/**
 * Best time of `passes` decodes of one deterministic input (the same bytes on both sides). Runs as
 * is in Node and, through its source text, in the worker: it must use nothing from outside itself.
 */
async function yardstick(Decoder, passes) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lines = 220_000;
  const input = new Uint8Array(lines * 78);
  let seed = 0x2545f491;
  for (let line = 0, at = 0; line < lines; line++) {
    for (let i = 0; i < 76; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      input[at++] = alphabet.charCodeAt(seed & 63);
    }
    input[at++] = 0x0d;
    input[at++] = 0x0a;
  }
  let best = Infinity;
  let size = 0;
  for (let pass = 0; pass < passes; pass++) {
    const start = performance.now();
    const decoder = new Decoder();
    decoder.update(input);
    size = (await decoder.finalize()).byteLength;
    best = Math.min(best, performance.now() - start);
  }
  return { ms: best, inputBytes: input.length, outputBytes: size };
}

/** The decoder and the workload as one classic worker script. */
async function workerSource() {
  const entry = fileURLToPath(new URL('../../src/parsing/postal-mime-decoders.ts', import.meta.url));
  const bundle = await build({ entryPoints: [entry], bundle: true, format: 'iife', globalName: 'Decoders', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' });
  return `${bundle.outputFiles[0].text}\n${yardstick.toString()}\nonmessage = async (event) => postMessage(await yardstick(Decoders.ByteBase64Decoder, event.data));`;
}

/** Node's time, then the time in a web worker of `page` (on the app's origin: its CSP allows blob: workers). */
export async function measureEngine(page) {
  const node = await yardstick(ByteBase64Decoder, PASSES);
  const source = await workerSource();
  const worker = await page.evaluate(
    ([text, passes]) =>
      new Promise((resolve, reject) => {
        const url = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
        const thread = new Worker(url);
        thread.onmessage = (event) => {
          thread.terminate();
          URL.revokeObjectURL(url);
          resolve(event.data);
        };
        thread.onerror = (event) => reject(new Error(event.message));
        thread.postMessage(passes);
      }),
    [source, PASSES],
  );
  if (worker.outputBytes !== node.outputBytes) throw new Error(`engine yardstick: ${worker.outputBytes} bytes in the worker, ${node.outputBytes} in Node`);
  return { node, worker, passes: PASSES };
}
