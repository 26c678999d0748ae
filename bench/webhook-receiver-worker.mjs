// An HTTPS webhook receiver in its own thread: answers 204 at once and reports, per request,
// the X-Webhook-Id and the arrival time (performance.timeOrigin + now, comparable across threads).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

let count = 0;
const arrivals = [];
const server = createServer({ cert: readFileSync(workerData.certFile), key: readFileSync(workerData.keyFile) }, (req, res) => {
  req.resume();
  req.on('end', () => {
    count++;
    if (workerData.recordArrivals) arrivals.push([req.headers['x-webhook-id'], performance.timeOrigin + performance.now()]);
    res.writeHead(204);
    res.end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ type: 'listening', port: server.address().port }));
parentPort.on('message', (m) => {
  if (m === 'count') parentPort.postMessage({ type: 'count', count });
  if (m === 'arrivals') parentPort.postMessage({ type: 'arrivals', arrivals: arrivals.splice(0) });
  if (m === 'close') server.close(() => process.exit(0));
});
