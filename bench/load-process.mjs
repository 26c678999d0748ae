// The load generator, in a process of its own (neither the server's nor the baseline's): runs
// autocannon with the options it is sent over IPC and sends back its summary.
import autocannon from 'autocannon';

process.once('message', async (given) => {
  // A request variant (a function rewriting each request) cannot cross processes, so it is
  // named: variantModule is the module's URL and variant the exported function.
  const options = { ...given };
  if (options.variantModule && options.variant) {
    const variants = await import(options.variantModule);
    options.requests = [{ method: options.method, path: new URL(options.url).pathname, setupRequest: variants[options.variant] }];
  }
  delete options.variantModule;
  delete options.variant;
  const result = await autocannon(options);
  process.send(
    {
      rps: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      total: result.requests.total,
    },
    () => process.exit(0),
  );
});
