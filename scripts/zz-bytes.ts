import { Worker } from 'node:worker_threads';
import { PgliteThread } from '../server/db/pglite-thread';
const db = await PgliteThread.open({});
await db.query(`create table t (j jsonb)`);
const big = JSON.stringify({ blocks: Array.from({ length: 60000 }, (_, i) => ({ text: 'Déclaration de sinistre € ' + i, n: i })) });
await db.query(`insert into t values ($1::jsonb)`, [big]);
const w = new Worker('const {parentPort}=require("node:worker_threads"); parentPort.on("message", m => parentPort.postMessage(1));', { eval: true });
await new Promise(r => { w.once('message', r); w.postMessage(1); });
for (let i = 0; i < 4; i++) {
  let t = performance.now();
  const r = await db.query<{ b: Uint8Array }>(`select convert_to(j::text, 'UTF8') as b from t`);
  const q = performance.now() - t;
  const b = r.rows[0]!.b;
  const view = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  t = performance.now(); w.postMessage({ v: view }); const p = performance.now() - t;
  await new Promise(r => w.once('message', r));
  const copy = view.slice();
  t = performance.now(); w.postMessage({ v: copy }); const p2 = performance.now() - t;
  await new Promise(r => w.once('message', r));
  console.log(`query ${q.toFixed(1)} len ${b.byteLength} buffer ${b.buffer.byteLength} ${b.buffer.constructor.name} post view ${p.toFixed(1)} post copy ${p2.toFixed(1)}`);
}
process.exit(0);
