/**
 * The one HTTP client of the page scripts: ``fetch`` with JSON in and out and
 * the CSRF header, and every failure turned into an ``ApiError`` whose message
 * is the server's ``{"error": "..."}`` (shown to the user as is), or a sentence
 * saying what went wrong when the server gave none.
 */
import { t } from "./i18n";

export class ApiError extends Error {
  /** The HTTP status (0 when the server could not be reached). */
  readonly status: number;
  /** The parsed body of the answer, when there was one. */
  readonly data: unknown;

  constructor(message: string, status: number, data: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
  }
}

export interface RequestOptions {
  /** Default: POST when there is a body, else GET. */
  method?: "GET" | "POST";
  /** Sent as JSON. */
  body?: unknown;
  /**
   * The ``X-CSRFToken`` header, sent with every request but a GET (the site
   * wants it on every such request, a guest's as well as an account's).  Default: the ``csrftoken`` cookie;
   * ``null`` sends none.
   */
  csrfToken?: string | null;
  signal?: AbortSignal;
}

export interface JsonResponse<T> {
  status: number;
  data: T;
}

/** The CSRF token: the page's ``data-csrf-token`` (on ``root``), else the ``csrftoken`` cookie. */
export function csrfToken(root?: HTMLElement | null): string | null {
  const fromPage = root?.dataset.csrfToken;
  if (fromPage) return fromPage;
  if (typeof document === "undefined") return null;
  const match = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : null;
}

/** Whether ``error`` is a request aborted on purpose (a ``DOMException`` is not an ``Error`` everywhere). */
function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

/** The message of any error, for the user. */
export function errorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (error instanceof ApiError) return error.message;
  if (isAbort(error)) return t("The request was cancelled.");
  if (error instanceof Error && error.message) return error.message;
  return t("Something went wrong.");
}

/**
 * Sends a request and returns the status and the parsed JSON body.  A status
 * of 400 or more throws an ``ApiError`` carrying the server's ``error`` text
 * (or a sentence with the status when the body has none); a network failure
 * throws an ``ApiError`` with status 0; an abort (``signal``) throws the
 * ``AbortError`` itself.
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<JsonResponse<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const token = options.csrfToken === undefined ? csrfToken() : options.csrfToken;
  if (method !== "GET" && token) headers["X-CSRFToken"] = token;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(t("The server could not be reached. Check your connection and try again."), 0);
  }
  // An empty or non-JSON body reads as null.
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data && typeof data === "object" && "error" in data ? (data as { error: unknown }).error : null;
    const message =
      typeof error === "string" && error
        ? error
        : t("The server answered with an error (%(status)s).", { status: response.status });
    throw new ApiError(message, response.status, data);
  }
  if (data === null) throw new ApiError(t("The server's answer could not be read."), response.status);
  return { status: response.status, data: data as T };
}

/** Shows ``error`` in ``line`` (or clears and hides the line when ``error`` is null). */
export function showError(line: HTMLElement, error: unknown | null): void {
  if (error === null || error === undefined) {
    line.textContent = "";
    line.hidden = true;
    return;
  }
  line.textContent = errorMessage(error);
  line.hidden = false;
}

/** A page's requests one at a time: ``busy`` while one runs (another asked
 * for meanwhile is not sent), the message of the last one's failure in
 * ``error``, and the page drawn again (``render``) as it starts and ends. */
export class OneRequest {
  busy = false;
  error: string | null = null;

  constructor(private readonly render: () => void) {}

  /** Runs ``send`` unless a request is running. */
  async run(send: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = null;
    this.render();
    try {
      await send();
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
      this.render();
    }
  }
}
