import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/shared/http";
import { longPoll, waitUrl } from "../../src/shared/poll";
import { mockFetch, settle } from "../helpers";

interface Thing {
  version: number;
  done: boolean;
}

afterEach(() => vi.unstubAllGlobals());

function poller(start: Thing, extra: Partial<Parameters<typeof longPoll<Thing>>[0]> = {}) {
  let state = start;
  const taken: Thing[] = [];
  const done = longPoll<Thing>({
    url: () => "/api/things/1/",
    state: () => state,
    version: (t) => t.version,
    more: (t) => !t.done,
    take: (t) => {
      taken.push(t);
      state = t;
    },
    timeoutSeconds: 20,
    ...extra,
  });
  return { done, taken };
}

describe("the long poll", () => {
  it("asks ?wait=<version> until there is nothing more to wait for", async () => {
    expect(waitUrl("/api/games/7/", 3, 20)).toBe("/api/games/7/?wait=3&timeout=20");
    expect(waitUrl("/api/tournaments/5/?page=2", 3, 20)).toBe("/api/tournaments/5/?page=2&wait=3&timeout=20");
    const f = mockFetch();
    f.answer("GET /api/things/1/", { body: { version: 2, done: false } }, { body: { version: 5, done: true } });
    const { done, taken } = poller({ version: 1, done: false });
    await done;
    expect(f.calls.map((c) => [c.method, c.url])).toEqual([
      ["GET", "/api/things/1/?wait=1&timeout=20"],
      ["GET", "/api/things/1/?wait=2&timeout=20"],
    ]);
    expect(taken.map((t) => t.version)).toEqual([2, 5]);
  });

  it("asks again, keeping its state, when the hold runs out with nothing new (304)", async () => {
    const f = mockFetch();
    f.answer("GET /api/things/1/", { status: 304 }, { status: 304 }, { body: { version: 2, done: true } });
    const failures: unknown[] = [];
    let answers = 0;
    const { done, taken } = poller(
      { version: 1, done: false },
      { retry: (error) => (failures.push(error), 0), alive: () => (answers += 1) },
    );
    await done;
    expect(answers).toBe(3); // each 304 says the server is there, as the news does
    expect(f.calls.map((c) => c.url)).toEqual([
      "/api/things/1/?wait=1&timeout=20",
      "/api/things/1/?wait=1&timeout=20",
      "/api/things/1/?wait=1&timeout=20",
    ]);
    expect(taken).toEqual([{ version: 2, done: true }]);
    expect(failures).toEqual([]);
    // a 304 counts as an answer for ``rounds``
    f.answer("GET /api/things/1/", { status: 304 }, { status: 304 }, { status: 304 });
    await poller({ version: 1, done: false }, { rounds: 2 }).done;
    expect(f.calls).toHaveLength(5);
  });

  it("asks nothing when there is nothing to wait for, and stops after ``rounds`` answers", async () => {
    const f = mockFetch();
    await poller({ version: 1, done: true }).done;
    expect(f.calls).toHaveLength(0);
    f.answer("GET /api/things/1/", { body: { version: 2, done: false } }, { body: { version: 3, done: false } });
    await poller({ version: 1, done: false }, { rounds: 2 }).done;
    expect(f.calls).toHaveLength(2);
  });

  it("throws a failed request to the caller, unless ``retry`` says how long to wait", async () => {
    const f = mockFetch();
    f.answer("GET /api/things/1/", { status: 502, body: { error: "bad gateway" } });
    await expect(poller({ version: 1, done: false }).done).rejects.toMatchObject({ message: "bad gateway", status: 502 });

    const failures: [string, number][] = [];
    f.answer("GET /api/things/1/", new TypeError("offline"), { status: 500, body: {} }, { body: { version: 4, done: true } });
    const { done, taken } = poller(
      { version: 1, done: false },
      {
        retry: (error, count) => {
          failures.push([(error as ApiError).message, count]);
          return 0;
        },
      },
    );
    await done;
    expect(failures).toEqual([
      ["The server could not be reached. Check your connection and try again.", 1],
      ["The server answered with an error (500).", 2],
    ]);
    expect(taken).toEqual([{ version: 4, done: true }]);
  });

  it("stops quietly when ``retry`` answers null", async () => {
    const f = mockFetch();
    f.answer("GET /api/things/1/", { status: 500, body: {} });
    const { done, taken } = poller({ version: 1, done: false }, { retry: () => null });
    await done;
    await settle();
    expect(f.calls).toHaveLength(1);
    expect(taken).toEqual([]);
  });
});
