import { afterEach, describe, expect, it, vi } from "vitest";
import {
  actionOf,
  clockLine,
  durationText,
  gameResult,
  gameTitle,
  gameToOpen,
  numberText,
  podiumText,
  standingCells,
  type StandingJSON,
  type TournamentJSON,
  youText,
} from "../../src/tournaments/tournament-state";
import { type TournamentOptions, mountTournamentPage } from "../../src/tournaments/tournament-page";
import { jsonScript } from "../helpers/dom";

const NOW = Date.parse("2026-12-06T20:00:00Z");

function standing(extra: Partial<StandingJSON> = {}): StandingJSON {
  return { player: "Ann", bot: false, score: 8, rank: 1, games: 3, active: true, you: false, on_fire: true, sheet: [2, 2, 4], ...extra };
}

/** An arena started ten minutes ago, twenty minutes left; the reader in it and waiting. */
function arena(extra: Partial<TournamentJSON> = {}): TournamentJSON {
  return {
    id: 5,
    name: "Arena 3+2",
    kind: "arena",
    kind_text: "arena",
    variant: "lewicki",
    variant_text: "Open domino",
    rated: false,
    control: "3+2",
    clock: { initial: 180, increment: 2 },
    days: null,
    minutes: 30,
    rounds: null,
    deals: null,
    status: "started",
    status_text: "in progress",
    starts_at: new Date(NOW - 10 * 60_000).toISOString(),
    ends_at: new Date(NOW + 20 * 60_000).toISOString(),
    url: "/tournaments/5/",
    version: 3,
    round: 0,
    standings: [
      standing(),
      standing({ player: "Guest 1a2b", score: 2, rank: 2, games: 2, on_fire: false, sheet: [0, 2], you: true }),
      standing({ player: "Bob", score: 0, rank: 3, games: 1, on_fire: false, sheet: [0], active: false }),
    ],
    standings_page: null,
    podium: [],
    games: [
      { id: 12, url: "/play/12/", round: 0, a: "Ann", b: "Bob", outcome: null, over: false },
      { id: 11, url: "/play/11/", round: 0, a: "Guest 1a2b", b: "Ann", outcome: "b", over: true },
    ],
    your_game: null,
    travellers: [],
    entrants: 3,
    private: false,
    team_names: [],
    team_leaders: null,
    team_size: null,
    team_match: null,
    teams: [],
    you: { joined: true, active: true, paused: false, team: null },
    urls: { page: "/tournaments/5/", api: "/api/tournaments/5/", join: "/api/tournaments/5/join/", leave: "/api/tournaments/5/leave/" },
    ...extra,
  };
}

describe("the tournament's words", () => {
  it("writes times left as a clock and numbers in the reader's language", () => {
    expect(durationText(20 * 60_000)).toBe("20:00");
    expect(durationText(3_723_000)).toBe("1:02:03");
    expect(durationText(-5)).toBe("0:00");
    expect(numberText(1.5, 1, "pl")).toBe("1,5");
    expect(numberText(8, 1, "en")).toBe("8");
    expect(numberText(null)).toBe("—");
  });

  it("says an arena's time left, a Swiss's round and an event's start", () => {
    expect(clockLine(arena(), NOW)).toBe("20:00 left");
    expect(clockLine(arena(), NOW + 19 * 60_000 + 55_000)).toBe("0:05 left");
    expect(clockLine(arena(), NOW + 21 * 60_000)).toBe("Time is up: the games in progress are played to the end.");
    expect(clockLine(arena({ status: "created", starts_at: new Date(NOW + 90_000).toISOString() }), NOW)).toBe("Starts in 1:30");
    expect(clockLine(arena({ kind: "swiss", rounds: 5, round: 2, ends_at: null }), NOW)).toBe("Round 2 of 5");
    expect(clockLine(arena({ kind: "swiss", rounds: 5, round: 0, ends_at: null }), NOW)).toBe("Waiting for the first round");
    expect(clockLine(arena({ status: "finished" }), NOW)).toBe("");
  });

  it("draws each standing's cells: fire, sheet, tie-breaks, left", () => {
    const ann = standingCells(standing());
    expect(ann).toMatchObject({ rank: "1", player: "Ann", score: "8", games: "3", onFire: true, sheet: [2, 2, 4], left: false, buchholz: null });
    const swiss = standingCells(standing({ on_fire: undefined, sheet: undefined, score: 2.5, buchholz: 7.5, sonneborn_berger: 5.25 }));
    expect(swiss).toMatchObject({ score: "2.5", onFire: false, sheet: null, buchholz: "7.5", sonnebornBerger: "5.25" });
    expect(standingCells(standing({ active: false })).left).toBe(true);
  });

  it("writes games, byes and the podium", () => {
    const game = { id: 3, url: "/play/3/", round: 1, a: "Ann", b: "Bob", outcome: "a" as const, over: true };
    expect(gameTitle(game)).toBe("Ann – Bob");
    expect(gameResult(game)).toBe("1–0");
    expect(gameResult({ ...game, outcome: "draw" })).toBe("½–½");
    expect(gameResult({ ...game, outcome: null, over: false })).toBe("in progress");
    expect(gameTitle({ ...game, id: null, url: null, b: null, outcome: "bye" })).toBe("Ann: a bye");
    expect(podiumText(standing())).toBe("Ann, 8 points");
    expect(podiumText(standing({ score: 1 }))).toBe("Ann, 1 point");
  });

  it("tells the player where they stand", () => {
    expect(youText(arena())).toBe("You are in: waiting for an opponent. You are paired again as soon as your game ends.");
    expect(youText(arena({ your_game: { id: 12, url: "/play/12/" } }))).toBe("Your game is on.");
    expect(youText(arena({ you: { joined: true, active: false, paused: false, team: null } }))).toBe("You left: join again to be paired again.");
    expect(youText(arena({ you: { joined: false, active: false, paused: false, team: null } }))).toBe("");
  });
});

describe("taking the player to their game", () => {
  it("goes to a new game once, and stays for a game it sent them to before", () => {
    const playing = arena({ your_game: { id: 12, url: "/play/12/" } });
    expect(gameToOpen(playing, new Set())).toEqual({ id: 12, url: "/play/12/" });
    expect(gameToOpen(playing, new Set([12]))).toBeNull();
    expect(gameToOpen(arena(), new Set())).toBeNull();
    expect(gameToOpen({ ...playing, you: { joined: true, active: false, paused: false, team: null } }, new Set())).toBeNull();
  });
});

describe("the tournament page", () => {
  afterEach(() => {
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

  function mount(state: TournamentJSON, sent: number[] = [], options: TournamentOptions = { poll: false }) {
    document.body.innerHTML = `<p><strong id="tournament-status">x</strong><span id="tournament-clock" hidden></span></p>
      <div id="tournament" data-state-id="tournament-state"><div data-fallback><form><button>Join</button></form></div></div>`;
    document.body.appendChild(jsonScript("tournament-state", state));
    const store = new Map<string, string>([["od-tournament-sent-5", JSON.stringify(sent)]]);
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
    const went: string[] = [];
    const page = mountTournamentPage(document, { ...options, now: () => NOW, go: (url) => went.push(url), storage })!;
    return { page, went, store };
  }

  it("draws the standings, the games and the clock, and hides the plain forms", () => {
    const { page } = mount(arena());
    expect((document.querySelector("[data-fallback]") as HTMLElement).hidden).toBe(true);
    const rows = [...document.querySelectorAll(".tournament-live .standings tbody tr")];
    expect(rows.map((r) => r.querySelector(".standing-name")!.textContent)).toEqual(["Ann", "Guest 1a2b", "Bob"]);
    expect(rows[0].querySelector(".fire")).not.toBeNull();
    expect([...rows[0].querySelectorAll(".sheet-game")].map((s) => s.textContent)).toEqual(["2", "2", "4"]);
    expect(rows[1].classList.contains("you")).toBe(true);
    expect(rows[2].textContent).toContain("(left)");
    expect(document.querySelectorAll(".tournament-games li").length).toBe(2);
    expect(document.getElementById("tournament-clock")!.textContent).toBe("20:00 left");
    expect(document.getElementById("tournament-status")!.textContent).toBe("in progress");
    expect(document.querySelector(".tournament-leave")).not.toBeNull();
    page.destroy();
  });

  it("draws a finished duplicate event's travellers: each deal's par, a best line and every result", () => {
    const travellers = [
      {
        number: 1,
        seed: 42,
        seat: "A" as const,
        par: 14,
        line: ["36L", "pass", "44"],
        results: [
          { player: "Ann", points: 20, matchpoints: 2, percent: 100, vs_par: 6 },
          { player: "Bob", points: -8, matchpoints: 0, percent: 0, vs_par: -22 },
        ],
      },
    ];
    const { page } = mount(arena({ kind: "duplicate", status: "finished", travellers } as Partial<TournamentJSON>));
    const deal = document.querySelector('.traveller[data-deal="1"]')!;
    expect(deal.querySelector("h3")!.textContent).toBe("Deal 1, from seat A: par 14");
    expect(deal.querySelector(".traveller-line")!.textContent).toBe("A best line: 36L pass 44");
    const rows = [...deal.querySelectorAll("tbody tr")].map((r) => [...r.querySelectorAll("td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Ann", "20", "2 (100%)", "6"],
      ["Bob", "-8", "0 (0%)", "-22"],
    ]);
    page.destroy();
  });

  it("offers a paused arena player Resume, and marks them paused in the standings", () => {
    const paused = arena({
      you: { joined: true, active: true, paused: true, team: null },
      standings: [standing({ player: "Guest 1a2b", you: true, paused: true, on_fire: false, sheet: [] })],
    });
    expect(actionOf(paused)).toBe("join");
    const { page } = mount(paused);
    expect(document.querySelector(".tournament-resume")!.textContent).toBe("Resume");
    expect(document.querySelector(".standing-paused")!.textContent).toBe("(paused)");
    expect(document.querySelector(".tournament-you .note")!.textContent).toContain("You are paused");
    page.destroy();
  });

  it("draws a team match's score, its tables and each deal once every table has played it", () => {
    const team_match = {
      team_size: 2,
      tables: [
        { table: 1, players: ["Ann", "Bob"], first_seat: "A" },
        { table: 2, players: ["Cid", "Dan"], first_seat: "B" },
      ],
      deals: [
        {
          number: 1, closed: true, played: 2, par: 10, line: ["36L"], net: [12, -12],
          results: [
            { table: 1, a: "Ann", b: "Bob", points: 20, teams: [10, -10] },
            { table: 2, a: "Dan", b: "Cid", points: 8, teams: [2, -2] },
          ],
        },
        { number: 2, closed: false, played: 1, par: null, line: [], net: null, results: [] },
      ],
      score: [12, -12],
      won: [1, 0],
    };
    const { page } = mount(arena({ kind: "team", team_names: ["Red", "Blue"], team_match } as Partial<TournamentJSON>));
    expect(document.querySelector(".team-score strong")!.textContent).toBe("Red 12 : -12 Blue");
    const first = document.querySelector('.team-deal[data-deal="1"]')!;
    expect(first.querySelector("h3")!.textContent).toBe("Deal 1: par 10 for seat A");
    const rows = [...first.querySelectorAll("tbody tr")].map((r) => [...r.querySelectorAll("td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["1", "Ann", "Bob", "20", "10", "-10"],
      ["2", "Dan", "Cid", "8", "2", "-2"],
    ]);
    const second = document.querySelector('.team-deal[data-deal="2"]')!;
    expect(second.querySelector("table")).toBeNull();
    expect(second.querySelector(".note")!.textContent).toBe("1 table of 2 has played it: its results are shown once every table has.");
    page.destroy();
  });

  it("takes the player to each new game once, and redraws on news", () => {
    const { page, went, store } = mount(arena());
    expect(went).toEqual([]);
    page.take(arena({ version: 4, your_game: { id: 13, url: "/play/13/" } }));
    expect(went).toEqual(["/play/13/"]);
    expect(JSON.parse(store.get("od-tournament-sent-5")!)).toEqual([13]);
    page.destroy();
    const back = mount(arena({ version: 5, your_game: { id: 13, url: "/play/13/" } }), [13]);
    expect(back.went).toEqual([]);
    back.page.take(arena({ version: 4, status: "finished" })); // an older answer changes nothing
    expect(document.getElementById("tournament-status")!.textContent).toBe("in progress");
    back.page.take(arena({ version: 6, status: "finished", status_text: "finished", podium: [standing()] }));
    expect(document.querySelector(".podium li")!.textContent).toBe("Ann, 8 points");
    expect(document.querySelector(".tournament-leave")).toBeNull();
    back.page.destroy();
  });

  it("follows the event over its socket, drawing each newer state, and long-polls where no socket opens", async () => {
    const made: FakeSocket[] = [];
    class FakeSocket {
      readonly CLOSED = 3;
      readonly CLOSING = 2;
      readonly OPEN = 1;
      readyState = 0;
      onopen: (() => void) | null = null;
      onmessage: ((event: { data: string }) => void) | null = null;
      onclose: (() => void) | null = null;
      constructor(readonly url: string) {
        made.push(this);
      }
      close(): void {
        this.readyState = 3;
        this.onclose?.();
      }
    }
    const fetch = vi.fn(async () => new Response(null, { status: 304 }));
    vi.stubGlobal("fetch", fetch);
    const { page } = mount(arena(), [], { socket: FakeSocket as unknown as typeof WebSocket });
    expect(made.map((s) => s.url)).toEqual([`ws://${location.host}/ws/tournaments/5/?page=mine`]);
    made[0].readyState = 1;
    made[0].onopen?.();
    made[0].onmessage?.({ data: JSON.stringify(arena({ version: 4, status_text: "paused" })) });
    expect(document.getElementById("tournament-status")!.textContent).toBe("paused");
    made[0].onmessage?.({ data: JSON.stringify(arena({ version: 3, status_text: "older" })) });
    expect(document.getElementById("tournament-status")!.textContent).toBe("paused");
    expect(fetch).not.toHaveBeenCalled();
    page.destroy();
    // a socket that never opens, twice: the page long-polls instead
    made.length = 0;
    const second = mount(arena(), [], { socket: FakeSocket as unknown as typeof WebSocket });
    made[0].close();
    await vi.waitFor(() => expect(made.length).toBe(2), { timeout: 3000 });
    made[1].close();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String((fetch.mock.calls[0] as unknown as [string])[0])).toContain("/api/tournaments/5/?page=mine&wait=");
    second.page.destroy();
  });

  it("turns the standings' pages: over the socket, else read at once, and back to the reader's own", async () => {
    const sent: string[] = [];
    const made: { url: string }[] = [];
    class OpenSocket {
      readonly OPEN = 1;
      readyState = 1;
      onopen: (() => void) | null = null;
      onmessage: ((event: { data: string }) => void) | null = null;
      onclose: (() => void) | null = null;
      constructor(readonly url: string) {
        made.push(this);
      }
      send(data: string): void {
        sent.push(data);
      }
      close(): void {
        this.readyState = 3;
      }
    }
    const paged = arena({ entrants: 25, standings_page: { page: 1, pages: 3, mine: 2 } });
    const { page } = mount(paged, [], { socket: OpenSocket as unknown as typeof WebSocket });
    const pager = document.querySelector(".tournament-live .standings-pager")!;
    expect(pager.querySelector(".standings-page")!.textContent).toBe("Page 1 of 3");
    const buttons = [...pager.querySelectorAll<HTMLButtonElement>(".pager-button")];
    expect(buttons.map((b) => b.disabled)).toEqual([true, true, false, false]);
    buttons[2].click(); // next
    (pager.querySelector(".pager-mine") as HTMLButtonElement).click();
    expect(sent.map((m) => JSON.parse(m))).toEqual([{ type: "page", page: 2 }, { type: "page", page: null }]);
    page.destroy();
    // long-polling: the page asked for is read at once and drawn; the poll follows it
    const second = arena({ version: 3, entrants: 25, standings: [standing({ player: "Zed", rank: 11 })], standings_page: { page: 2, pages: 3, mine: 2 } });
    const fetch = vi.fn(async (url: string) => {
      if (!url.includes("wait=")) return new Response(JSON.stringify(second), { status: 200 });
      await new Promise((resolve) => setTimeout(resolve, 20)); // a hold that runs out with nothing new
      return new Response(null, { status: 304 });
    });
    vi.stubGlobal("fetch", fetch);
    const polled = mount(paged, [], { socket: null });
    (document.querySelectorAll<HTMLButtonElement>(".standings-pager .pager-button")[2]).click();
    await vi.waitFor(() => expect(document.querySelector(".standings-page")!.textContent).toBe("Page 2 of 3"));
    expect(document.querySelector(".standing-name")!.textContent).toBe("Zed");
    const urls = fetch.mock.calls.map((call) => String((call as unknown as [string])[0]));
    expect(urls).toContain("/api/tournaments/5/?page=2");
    await vi.waitFor(() => expect(fetch.mock.calls.some((call) => String((call as unknown as [string])[0]).startsWith("/api/tournaments/5/?page=2&wait=3"))).toBe(true));
    polled.page.destroy();
    // turned while the socket was still opening (on the page it opened with): read at once, asked for on the socket as it opens
    sent.length = 0;
    made.length = 0;
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(second), { status: 200 })));
    class SlowSocket extends OpenSocket {
      readyState = 0;
    }
    const opening = mount(paged, [], { socket: SlowSocket as unknown as typeof WebSocket });
    (document.querySelectorAll<HTMLButtonElement>(".standings-pager .pager-button")[2]).click();
    await vi.waitFor(() => expect(document.querySelector(".standings-page")!.textContent).toBe("Page 2 of 3"));
    const socket = made[0] as unknown as SlowSocket;
    expect(socket.url).toContain("?page=mine");
    socket.readyState = 1;
    socket.onopen?.();
    expect(sent.map((m) => JSON.parse(m))).toEqual([{ type: "page", page: 2 }]);
    // the event as the socket was opened (the reader's own page, the first here) is not drawn; the page turned to is
    socket.onmessage?.({ data: JSON.stringify({ ...paged, version: 3, standings_page: { page: 1, pages: 3, mine: 1 } }) });
    expect(document.querySelector(".standings-page")!.textContent).toBe("Page 2 of 3");
    socket.onmessage?.({ data: JSON.stringify({ ...second, version: 4 }) });
    expect(opening.page.state.version).toBe(4);
    opening.page.destroy();
    // one page only: no pager
    const small = mount(arena({ standings_page: { page: 1, pages: 1, mine: 1 } }));
    expect(document.querySelector(".standings-pager")).toBeNull();
    small.page.destroy();
    expect(made[0].url).toContain("/ws/tournaments/5/?page=mine");
  });

  it("joins through the API and draws its answer", async () => {
    const joined = arena({ version: 4, you: { joined: true, active: true, paused: false, team: null } });
    const fetch = vi.fn(async () => new Response(JSON.stringify(joined), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const { page } = mount(arena({ you: { joined: false, active: false, paused: false, team: null } }));
    (document.querySelector(".tournament-join button") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelector(".tournament-leave")).not.toBeNull());
    expect(fetch).toHaveBeenCalledWith("/api/tournaments/5/join/?page=mine", expect.objectContaining({ method: "POST" }));
    page.destroy();
  });

  it("asks a newcomer to a private event for its password and sends it", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(arena({ version: 4, private: true })), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const { page } = mount(arena({ private: true, you: { joined: false, active: false, paused: false, team: null } }));
    const password = document.querySelector<HTMLInputElement>(".tournament-password")!;
    password.value = "sesame";
    (document.querySelector(".tournament-join button") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelector(".tournament-leave")).not.toBeNull());
    const sent = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(sent.body))).toEqual({ password: "sesame" });
    page.destroy();
    const back = mount(arena({ private: true, you: { joined: true, active: false, paused: false, team: null } }));
    expect(document.querySelector(".tournament-password")).toBeNull();
    back.page.destroy();
  });

  it("draws a team battle's teams, each player's team, and asks a newcomer for their team", async () => {
    const battle = arena({
      team_names: ["Lions", "Owls"],
      team_leaders: 2,
      teams: [
        { team: "Owls", score: 10, rank: 1, leaders: ["Ann", "Bob"] },
        { team: "Lions", score: 2, rank: 2, leaders: ["Guest 1a2b"] },
      ],
      standings: [standing({ team: "Owls" }), standing({ player: "Guest 1a2b", rank: 2, team: "Lions", you: true })],
      you: { joined: false, active: false, paused: false, team: null },
    });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ...battle, version: 4, you: { joined: true, active: true, team: "Owls" } }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const { page } = mount(battle);
    const teams = [...document.querySelectorAll(".standings.teams tbody tr")].map((row) => row.querySelector(".standing-name")!.textContent);
    expect(teams).toEqual(["Owls", "Lions"]);
    expect(document.querySelector(".tournament-live .standings:not(.teams) .standing-team")!.textContent).toBe("Owls");
    const select = document.querySelector<HTMLSelectElement>(".tournament-team")!;
    select.value = "Owls";
    (document.querySelector(".tournament-join button") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelector(".tournament-leave")).not.toBeNull());
    const sent = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(sent.body))).toEqual({ team: "Owls" });
    expect(document.querySelector(".standings.teams tr.you .standing-name")!.textContent).toBe("Owls");
    page.destroy();
  });
});
