// The raw node:http baseline, in a process of its own: it answers every request with the body
// and status it is sent over IPC, and reports its port. It ends when its parent disconnects.
import { createServer } from 'node:http';

process.once('message', ({ body, status }) => {
  const bytes = Buffer.from(body);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
});
process.on('disconnect', () => process.exit(0));
