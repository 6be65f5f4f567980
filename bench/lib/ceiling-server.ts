// The ceiling for server throughput: a bare node:http server answering every request with the bytes
// and content type it is given (ledger-mock's own GET /me answer). Prints its URL when listening.
import { createServer } from 'node:http';

const bytes = Buffer.from(process.env.CEILING_BODY_BASE64 ?? '', 'base64');
// A string, as ledger-mock writes its bodies: node:http sends head and body in one write (a Buffer takes a writev).
const body = bytes.toString('utf8');
const contentType = process.env.CEILING_CONTENT_TYPE ?? 'application/json';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.byteLength });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`ceiling listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
