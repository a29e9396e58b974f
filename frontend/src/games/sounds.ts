/**
 * The table's sounds, made with the Web Audio API (no audio files): a move
 * (the player's own a little higher than the opponent's), the low-time
 * warning and the game's end.  A setting of the page turns them on or off
 * (kept in localStorage).  Browsers let a page play sound only after a
 * gesture of its user: the audio context is made at the first click or key
 * press, and nothing sounds before it.
 */

/** The localStorage key of the sounds setting ("off": off; anything else, or nothing: on). */
export const SOUND_KEY = "od-table-sounds";

export type SoundName = "move" | "opponent-move" | "low-time" | "end";

/** Each sound as the notes it plays: [frequency in Hz, start and length in seconds]. */
export const TONES: Record<SoundName, [number, number, number][]> = {
  move: [[660, 0, 0.07]],
  "opponent-move": [[520, 0, 0.07]],
  "low-time": [
    [880, 0, 0.1],
    [880, 0.18, 0.1],
  ],
  end: [
    [523, 0, 0.14],
    [659, 0.14, 0.14],
    [784, 0.28, 0.24],
  ],
};

/** Whether sounds are on (they are unless turned off). */
export function soundsOn(storage: Pick<Storage, "getItem"> | null): boolean {
  try {
    return storage?.getItem(SOUND_KEY) !== "off";
  } catch {
    return true; // storage refused (a private window): the default
  }
}

export function setSoundsOn(storage: Pick<Storage, "setItem"> | null, on: boolean): void {
  try {
    storage?.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // not kept: the page's checkbox still says what it is now
  }
}

type AudioContextClass = typeof AudioContext;

/** Plays the table's sounds once its user has made a gesture, if sounds are on. */
export class Sounds {
  private context: AudioContext | null = null;
  private readonly unlock = () => this.start();
  /** The sounds played, by name, in order (what the tests read). */
  readonly played: SoundName[] = [];

  constructor(
    private readonly win: (Window & typeof globalThis) | null,
    private readonly storage: Pick<Storage, "getItem" | "setItem"> | null = win?.localStorage ?? null,
  ) {
    win?.addEventListener("pointerdown", this.unlock, { once: true, capture: true });
    win?.addEventListener("keydown", this.unlock, { once: true, capture: true });
  }

  get on(): boolean {
    return soundsOn(this.storage);
  }

  set on(value: boolean) {
    setSoundsOn(this.storage, value);
  }

  /** Whether a gesture has let the page play sound. */
  get unlocked(): boolean {
    return this.context !== null;
  }

  private start(): void {
    const win = this.win as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass } | null;
    const Context = win?.AudioContext ?? win?.webkitAudioContext;
    if (!Context || this.context) return;
    try {
      this.context = new Context();
    } catch {
      this.context = null; // no audio here: the page stays silent
    }
  }

  /** Plays ``name`` if sounds are on and a gesture has come; else nothing. */
  play(name: SoundName): void {
    if (!this.on || !this.context) return;
    this.played.push(name);
    const ctx = this.context;
    if (ctx.state === "suspended") void ctx.resume();
    const t0 = ctx.currentTime;
    for (const [frequency, start, length] of TONES[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.2, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
  }

  destroy(): void {
    this.win?.removeEventListener("pointerdown", this.unlock, { capture: true });
    this.win?.removeEventListener("keydown", this.unlock, { capture: true });
    void this.context?.close();
    this.context = null;
  }
}

/** The low-time warning's threshold: a live game's clock under this many ms. */
export const LOW_TIME_MS = 10_000;

/** Whether a clock went under the threshold between two readings (it warns once, as it passes). */
export function passedLowTime(before: number | null, now: number | null, threshold = LOW_TIME_MS): boolean {
  return before !== null && now !== null && before >= threshold && now < threshold;
}
