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
// Inside a worker thread autocannon returns its raw histograms (it expects to be one of its own
// workers); aggregate them here as its main thread would.
const raw = await autocannon(options);
const aggregated = !raw.latency;
const result = aggregated ? autocannon.aggregateResult([raw], options) : raw;
// The aggregate of a worker's raw result has no per-second request samples: count over the run instead.
const rps = aggregated ? raw.totalCompletedRequests / raw.duration : result.requests.average;
const total = aggregated ? raw.totalCompletedRequests : result.requests.total;
parentPort.postMessage({
  rps,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  total,
});
