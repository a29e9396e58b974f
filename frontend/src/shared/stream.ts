/**
 * A WebSocket that follows a resource: each message is handed on as JSON,
 * and a dropped connection is opened again, sooner the first times, at most
 * ``maxDelayMs`` apart.  A socket that has never opened ``maxFailures``
 * times in a row (no WebSocket through a proxy, the server refusing it) gives
 * up, so that the page can long-poll instead.
 */

export interface StreamOptions {
  /** The ``ws:``/``wss:`` URL (a function: asked again at each opening). */
  url: string | (() => string);
  /** Each message, parsed (a message that is not JSON is dropped). */
  onMessage: (message: unknown) => void;
  /** The socket could not be opened ``maxFailures`` times in a row. */
  onGiveUp?: () => void;
  /** The socket closed (it is opened again unless given up or closed). */
  onClose?: () => void;
  /** The socket opened (again). */
  onOpen?: () => void;
  /** Milliseconds before the first new attempt (then twice, three times... that). */
  retryMs?: number;
  maxDelayMs?: number;
  maxFailures?: number;
  /** The WebSocket class (the browser's by default; the tests give their own). */
  socket?: typeof WebSocket;
}

/** The ``ws:``/``wss:`` URL of ``path`` on the page's own host. */
export function socketUrl(path: string, location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`;
}

export class Stream {
  private readonly options: Required<Omit<StreamOptions, "onGiveUp" | "onClose" | "onOpen">> &
    Pick<StreamOptions, "onGiveUp" | "onClose" | "onOpen">;
  private ws: WebSocket | null = null;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(options: StreamOptions) {
    this.options = { retryMs: 500, maxDelayMs: 10000, maxFailures: 2, socket: WebSocket, ...options };
    this.open();
  }

  private open(): void {
    if (this.closed) return;
    let opened = false;
    const url = this.options.url;
    const ws = new this.options.socket(typeof url === "function" ? url() : url);
    this.ws = ws;
    ws.onopen = () => {
      opened = true;
      this.failures = 0;
      this.options.onOpen?.();
    };
    ws.onmessage = (event: MessageEvent) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.options.onMessage(message);
    };
    ws.onclose = () => {
      if (this.closed || this.ws !== ws) return;
      this.ws = null;
      this.options.onClose?.();
      if (!opened) this.failures += 1;
      if (this.failures >= this.options.maxFailures) {
        this.close();
        this.options.onGiveUp?.();
        return;
      }
      const delay = Math.min(this.options.retryMs * Math.max(1, this.failures), this.options.maxDelayMs);
      this.timer = setTimeout(() => this.open(), delay);
    };
  }

  /** Sends ``message`` as JSON if the socket is open; whether it was sent. */
  send(message: unknown): boolean {
    const ws = this.ws;
    if (!ws || ws.readyState !== ws.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  }

  /** Stops following: the socket is closed and not opened again. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState !== ws.CLOSED && ws.readyState !== ws.CLOSING) ws.close();
  }
}
