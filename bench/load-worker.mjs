// Runs autocannon in its own thread so the load generator does not share the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

// A request variant (a function rewriting each request) cannot cross threads, so it is named:
// workerData.variantModule is the module's URL and workerData.variant the exported function.
const options = { ...workerData };
if (options.variantModule && options.variant) {
  const variants = await import(options.variantModule);
  options.requests = [{ method: options.method, path: new URL(options.url).pathname, setupRequest: variants[options.variant] }];
}
delete options.variantModule;
delete options.variant;
// Off the main thread autocannon returns its raw histograms; aggregate them as it would on the main thread.
const raw = await autocannon(options);
const result = raw.latency ? raw : autocannon.aggregateResult([raw], options);
// The per-second request histogram is not part of the raw result: the mean rate is completed / seconds.
const rps = raw.latency ? raw.requests.average : raw.totalCompletedRequests / raw.duration;
parentPort.postMessage({
  rps,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  total: result.requests.total,
});
