import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, OneRequest, csrfToken, errorMessage, request, showError } from "../../src/shared/http";
import { mockFetch } from "../helpers";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  document.cookie = "csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
});

describe("request", () => {
  it("sends JSON with the CSRF header and returns the status and body", async () => {
    const f = mockFetch();
    f.answer("POST /api/x/", { status: 201, body: { id: 1 } });
    const answer = await request<{ id: number }>("/api/x/", { body: { move: "36R" }, csrfToken: "tok" });
    expect(answer).toEqual({ status: 201, data: { id: 1 } });
    expect(f.calls[0]).toMatchObject({ method: "POST", body: { move: "36R" } });
    expect(f.calls[0].headers).toMatchObject({ "X-CSRFToken": "tok", "Content-Type": "application/json", Accept: "application/json" });
    expect(f.fetch.mock.calls[0][1]).toMatchObject({ credentials: "same-origin" });
  });

  it("sends no CSRF header with a GET", async () => {
    const f = mockFetch();
    f.answer("GET /api/x/", { body: { ok: true } });
    await request("/api/x/?wait=3", { csrfToken: "tok" });
    expect(f.calls[0].method).toBe("GET");
    expect(f.calls[0].headers["X-CSRFToken"]).toBeUndefined();
  });

  it("throws the server's error text with the status", async () => {
    const f = mockFetch();
    f.answer("POST /api/x/", { status: 400, body: { error: "bad stone 'zz'" } });
    const error = await request("/api/x/", { body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("bad stone 'zz'");
    expect(error.status).toBe(400);
    expect(error.data).toEqual({ error: "bad stone 'zz'" });
  });

  it("says what happened when the answer has no error text, or cannot be read", async () => {
    const f = mockFetch();
    f.answer("GET /api/x/", { status: 500, body: "<html>" }, { status: 200 });
    await expect(request("/api/x/")).rejects.toThrow("The server answered with an error (500).");
    await expect(request("/api/x/")).rejects.toThrow("The server's answer could not be read.");
  });

  it("says when the server cannot be reached", async () => {
    const f = mockFetch();
    f.answer("GET /api/x/", new TypeError("Failed to fetch"));
    const error = await request("/api/x/").catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe("The server could not be reached. Check your connection and try again.");
  });
});

describe("request: what the pages rely on", () => {
  it("takes the CSRF token from the cookie when none is given, and sends none when told", async () => {
    document.cookie = "csrftoken=from-cookie";
    const f = mockFetch();
    f.answer("POST /api/x/", { body: { ok: 1 } }, { body: { ok: 2 } });
    await request("/api/x/", { body: { a: 1 } });
    await request("/api/x/", { body: { a: 1 }, csrfToken: null });
    expect(f.calls[0].headers["X-CSRFToken"]).toBe("from-cookie");
    expect(f.calls[1].headers["X-CSRFToken"]).toBeUndefined();
  });

  it("posts without a body when told to (no Content-Type then)", async () => {
    const f = mockFetch();
    f.answer("POST /api/x/", { status: 201, body: { id: 3 } });
    const { data } = await request<{ id: number }>("/api/x/", { method: "POST", csrfToken: "tok" });
    expect(data.id).toBe(3);
    expect(f.calls[0]).toMatchObject({ method: "POST", body: undefined });
    expect(f.calls[0].headers).toEqual({ Accept: "application/json", "X-CSRFToken": "tok" });
  });

  it("gives the server's {\"error\"} message whatever the status, with the status and the body", async () => {
    const f = mockFetch();
    f.answer("POST /api/x/", { status: 409, body: { error: "it is not your move", game: 7 } });
    f.answer("GET /api/x/", { status: 503, body: { error: "" } });
    const refused = await request("/api/x/", { body: { move: "36R" } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ name: "ApiError", message: "it is not your move", status: 409, data: { error: "it is not your move", game: 7 } });
    expect(errorMessage(refused)).toBe("it is not your move");
    // an empty error text is no message: the status is said instead
    await expect(request("/api/x/")).rejects.toMatchObject({ message: "The server answered with an error (503).", status: 503 });
  });

  it("turns any network failure into an ApiError with status 0, but lets an abort through", async () => {
    const f = mockFetch();
    f.answer("GET /api/x/", new TypeError("NetworkError when attempting to fetch resource."));
    const failed = await request("/api/x/").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(0);
    expect(errorMessage(failed)).toBe("The server could not be reached. Check your connection and try again.");

    const abort = new AbortController();
    const pending = request("/api/x/", { signal: abort.signal }).catch((e: unknown) => e);
    abort.abort();
    const aborted = await pending;
    expect(aborted).not.toBeInstanceOf(ApiError);
    expect((aborted as Error).name).toBe("AbortError");
    expect(errorMessage(aborted)).toBe("The request was cancelled.");
  });
});

describe("the CSRF token and the error line", () => {
  it("takes the token from the page, else from the cookie", () => {
    const root = document.createElement("div");
    root.dataset.csrfToken = "from-page";
    expect(csrfToken(root)).toBe("from-page");
    document.cookie = "csrftoken=from-cookie";
    expect(csrfToken(document.createElement("div"))).toBe("from-cookie");
  });

  it("shows and clears an error", () => {
    const line = document.createElement("p");
    showError(line, new ApiError("it is not your move", 409));
    expect(line.hidden).toBe(false);
    expect(line.textContent).toBe("it is not your move");
    showError(line, null);
    expect(line.hidden).toBe(true);
    expect(line.textContent).toBe("");
    expect(errorMessage("plain words")).toBe("plain words");
    expect(errorMessage(42)).toBe("Something went wrong.");
  });
});

describe("OneRequest", () => {
  it("sends one request at a time, draws the page as it starts and ends, and keeps a failure's message", async () => {
    const seen: Array<[boolean, string | null]> = [];
    const one: OneRequest = new OneRequest(() => seen.push([one.busy, one.error]));
    let finish: () => void = () => undefined;
    const sent = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const first = one.run(sent);
    await one.run(sent); // asked for while the first runs: not sent
    expect(sent).toHaveBeenCalledTimes(1);
    finish();
    await first;
    expect(seen).toEqual([[true, null], [false, null]]);
    await one.run(() => Promise.reject(new ApiError("no such exercise", 404)));
    expect(one.error).toBe("no such exercise");
    expect(one.busy).toBe(false);
    await one.run(async () => undefined);
    expect(one.error).toBeNull(); // a new request clears the last failure
  });
});
