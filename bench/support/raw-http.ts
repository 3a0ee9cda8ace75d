import net from 'node:net';

/**
 * A deliberately small HTTP/1.1 client for load generation: one keep-alive socket, one request
 * at a time, requests written as prepared text and replies read by Content-Length. pgbench
 * drives PostgreSQL from C at almost no CPU; undici costs about 0.1 ms of CPU per call, which on
 * two shared cores is CPU taken from the server being measured. This costs a fraction of that,
 * so a ledger figure says more about the server and less about the load generator.
 * It understands only what the gateway sends (Content-Length bodies, no chunking).
 */
export class RawHttpConnection {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private waiting: {
    resolve: (reply: RawReply) => void;
    reject: (error: Error) => void;
  } | null = null;

  private constructor(
    private readonly socket: net.Socket,
    private readonly host: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  static connect(port: number, host = '127.0.0.1'): Promise<RawHttpConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => resolve(new RawHttpConnection(socket, host)));
      socket.once('error', reject);
    });
  }

  /** Sends one request and resolves with the status and the body as text. */
  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<RawReply> {
    if (this.waiting) throw new Error('one request at a time per connection');
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (body !== undefined)
      head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${head}\r\n${body ?? ''}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const headEnd = all.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = all.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`reply without content-length: ${head}`));
    const end = headEnd + 4 + Number(length[1]);
    if (this.buffered < end) {
      this.chunks = [all];
      return;
    }
    const rest = all.subarray(end);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({
      status: Number(head.slice(9, 12)),
      body: all.toString('utf8', headEnd + 4, end),
    });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}

export type RawReply = { status: number; body: string };
