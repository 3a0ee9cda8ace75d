import { createServer } from 'node:net';

/**
 * A port nobody listens on, from the OS. A fixed or random port could belong to a server left
 * running elsewhere, and the bench would then measure that server instead of its own.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
