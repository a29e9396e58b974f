import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, csrfToken, errorMessage, showError } from "../src/pages/api";
import { mockFetch } from "./pages-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  document.cookie = "csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
});

describe("apiFetch", () => {
  it("sends JSON with the CSRF header and returns the status and body", async () => {
    const f = mockFetch();
    f.answer("POST /api/x/", { status: 201, body: { id: 1 } });
    const answer = await apiFetch<{ id: number }>("/api/x/", { body: { move: "36R" }, csrfToken: "tok" });
    expect(answer).toEqual({ status: 201, data: { id: 1 } });
    expect(f.calls[0]).toMatchObject({ method: "POST", body: { move: "36R" } });
    expect(f.calls[0].headers).toMatchObject({ "X-CSRFToken": "tok", "Content-Type": "application/json", Accept: "application/json" });
    expect(f.fetch.mock.calls[0][1]).toMatchObject({ credentials: "same-origin" });
  });

  it("sends no CSRF header with a GET", async () => {
    const f = mockFetch();
    f.answer("GET /api/x/", { body: { ok: true } });
    await apiFetch("/api/x/?wait=3", { csrfToken: "tok" });
    expect(f.calls[0].method).toBe("GET");
    expect(f.calls[0].headers["X-CSRFToken"]).toBeUndefined();
  });

  it("throws the server's error text with the status", async () => {
    const f = mockFetch();
    f.answer("POST /api/x/", { status: 400, body: { error: "bad stone 'zz'" } });
    const error = await apiFetch("/api/x/", { body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("bad stone 'zz'");
    expect(error.status).toBe(400);
    expect(error.data).toEqual({ error: "bad stone 'zz'" });
  });

  it("says what happened when the answer has no error text, or cannot be read", async () => {
    const f = mockFetch();
    f.answer("GET /api/x/", { status: 500, body: "<html>" }, { status: 200 });
    await expect(apiFetch("/api/x/")).rejects.toThrow("The server answered with an error (500).");
    await expect(apiFetch("/api/x/")).rejects.toThrow("The server's answer could not be read.");
  });

  it("says when the server cannot be reached", async () => {
    const f = mockFetch();
    f.answer("GET /api/x/", new TypeError("Failed to fetch"));
    const error = await apiFetch("/api/x/").catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe("The server could not be reached. Check your connection and try again.");
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
