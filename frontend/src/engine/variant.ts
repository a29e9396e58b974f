/**
 * Stones, moves and variants as solver/stones.py, solver/moves.py and
 * solver/variant.py define them (docs/rules.md sections 2 and 4), with the same
 * error messages: the browser's solver reads and refuses input as the Python one.
 */
import { isAsciiDigits, pyLen, pyRepr, pyStrip } from "./py";

export class DominoError extends Error {}

export const COLUMNS = 7;
const SET_NAMES: Record<number, string> = { 6: "double-six", 9: "double-nine" };

/** A stone ``[low|high]``; the same two halves are always the same object (compare with ===). */
export class Stone {
  private static readonly all = new Map<number, Stone>();

  private constructor(readonly low: number, readonly high: number) {}

  static of(a: number, b: number): Stone {
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    const key = low * 10 + high;
    let stone = Stone.all.get(key);
    if (!stone) {
      stone = new Stone(low, high);
      Stone.all.set(key, stone);
    }
    return stone;
  }

  /** ``Stone.parse``: two digits of the double-``highest`` set, either order (throws the Python message). */
  static parse(text: string, highest: number): Stone {
    if (pyLen(text) !== 2 || !isAsciiDigits(text)) {
      throw new DominoError(`a stone is two digits 0..${highest}, not ${pyRepr(text)}`);
    }
    const a = Number(text[0]);
    const b = Number(text[1]);
    if (a > highest || b > highest) {
      throw new DominoError(`a stone's halves are 0..${highest}: ${pyRepr(text)} is not in the ${SET_NAMES[highest] ?? ""} set`);
    }
    return Stone.of(a, b);
  }

  get pips(): number {
    return this.low + this.high;
  }

  get isDouble(): boolean {
    return this.low === this.high;
  }

  has(n: number): boolean {
    return n === this.low || n === this.high;
  }

  other(n: number): number {
    return n === this.low ? this.high : this.low;
  }

  /** Python's ordering of stones: by low half, then high half. */
  compare(other: Stone): number {
    return this.low - other.low || this.high - other.high;
  }

  toString(): string {
    return `${this.low}${this.high}`;
  }
}

export type End = "L" | "R" | null;

/** A move: a stone at an end, the opening stone (``end`` null), or the forced pass (``stone`` null). */
export class Move {
  constructor(readonly stone: Stone | null, readonly end: End = null) {}

  get isPass(): boolean {
    return this.stone === null;
  }

  equals(other: Move): boolean {
    return this.stone === other.stone && this.end === other.end;
  }

  /** ``Move.parse`` (throws the Python message). */
  static parse(text: string, highest: number): Move {
    const t = pyStrip(text);
    if (t.toLowerCase() === "pass") return PASS;
    const chars = Array.from(t);
    let stoneText: string;
    let end: End = null;
    if (chars.length === 3 && (chars[2].toUpperCase() === "L" || chars[2].toUpperCase() === "R")) {
      stoneText = chars[0] + chars[1];
      end = chars[2].toUpperCase() as End;
    } else if (chars.length === 2) {
      stoneText = t;
    } else {
      throw new DominoError(`a move is a stone ('36'), a stone and an end ('36L', '36R') or 'pass', not ${pyRepr(text)}`);
    }
    try {
      return new Move(Stone.parse(stoneText, highest), end);
    } catch (error) {
      throw new DominoError(`bad stone in move ${pyRepr(text)}: ${(error as Error).message}`);
    }
  }

  toString(): string {
    return this.stone === null ? "pass" : `${this.stone}${this.end ?? ""}`;
  }
}

export const PASS = new Move(null, null);

interface Table {
  highest: number;
  seats: number;
  perSeat: number;
  rows: boolean;
}

const TABLE: Record<string, Table> = {
  lewicki: { highest: 6, seats: 2, perSeat: 14, rows: true },
  lewicki9: { highest: 9, seats: 2, perSeat: 14, rows: true },
  block: { highest: 6, seats: 2, perSeat: 7, rows: false },
  partnership: { highest: 6, seats: 4, perSeat: 7, rows: false },
};
export const NAMES = Object.keys(TABLE);
const SEATS = ["A", "B", "C", "D"];
const stoneSets = new Map<number, Stone[]>();

/** The double-``highest`` set, ascending (00, 01, ..., hh). */
export function stoneSet(highest: number): Stone[] {
  let set = stoneSets.get(highest);
  if (!set) {
    set = [];
    for (let a = 0; a <= highest; a++) for (let b = a; b <= highest; b++) set.push(Stone.of(a, b));
    stoneSets.set(highest, set);
  }
  return set;
}

/** A variant: its name and whether a double moves again (``+doubles``). */
export class Variant {
  readonly seats: string[];
  readonly highest: number;
  readonly isRows: boolean;
  readonly perSeat: number;

  private constructor(readonly name: string, readonly doubles: boolean) {
    const table = TABLE[name];
    this.seats = SEATS.slice(0, table.seats);
    this.highest = table.highest;
    this.isRows = table.rows;
    this.perSeat = table.perSeat;
  }

  private static readonly known = new Map<string, Variant>();

  static of(name: string, doubles: boolean): Variant {
    const key = `${name}+${doubles}`;
    let variant = Variant.known.get(key);
    if (!variant) {
      variant = new Variant(name, doubles);
      Variant.known.set(key, variant);
    }
    return variant;
  }

  /** ``Variant.parse`` (throws the Python message). */
  static parse(text: string): Variant {
    const plusAt = text.indexOf("+");
    const name = plusAt < 0 ? text : text.slice(0, plusAt);
    const option = plusAt < 0 ? "" : text.slice(plusAt + 1);
    if (!(name in TABLE)) {
      const hint = name.toLowerCase() in TABLE ? ` (names are lower case: ${pyRepr(name.toLowerCase())})` : "";
      throw new DominoError(
        `unknown variant ${pyRepr(text)}${hint}: the variants are ${NAMES.join(", ")}, optionally with '+doubles'`,
      );
    }
    if (plusAt >= 0 && option !== "doubles") {
      throw new DominoError(`unknown option in variant ${pyRepr(text)}: the only option is '+doubles', written once`);
    }
    return Variant.of(name, plusAt >= 0);
  }

  toString(): string {
    return this.doubles ? `${this.name}+doubles` : this.name;
  }

  get isDefault(): boolean {
    return this.name === "lewicki" && !this.doubles;
  }

  get stones(): Stone[] {
    return stoneSet(this.highest);
  }

  get setName(): string {
    return this.highest === 9 ? "double-nine" : "double-six";
  }

  get outCount(): number {
    return this.stones.length - this.perSeat * this.seats.length;
  }

  get fieldCount(): number {
    return this.seats.length + (this.outCount ? 1 : 0) + 2;
  }

  teamOf(seat: string): number {
    return this.seats.indexOf(seat) % 2;
  }

  teamName(team: number): string {
    return this.seats.filter((_, i) => i % 2 === team).join("+");
  }

  sameTeam(a: string, b: string): boolean {
    return this.teamOf(a) === this.teamOf(b);
  }

  nextSeat(seat: string): string {
    return this.seats[(this.seats.indexOf(seat) + 1) % this.seats.length];
  }

  get forcesFirstStone(): boolean {
    return this.name === "block" || this.name === "partnership";
  }

  /** The stone that must open the deal (block: the highest double dealt, else the heaviest stone; partnership: 66). */
  firstStone(dealt: Stone[]): Stone | null {
    if (this.name === "partnership") return Stone.of(6, 6);
    if (this.name === "block") {
      const doubles = dealt.filter((s) => s.isDouble);
      if (doubles.length) return doubles.reduce((a, b) => (b.compare(a) > 0 ? b : a));
      return dealt.reduce((a, b) => (b.pips > a.pips || (b.pips === a.pips && b.high > a.high) ? b : a));
    }
    return null;
  }

  /** The seat that opens a deal with these hands, and why (``Variant.opener``). */
  opener(hands: Stone[][]): [string, string] {
    const holder = (stone: Stone): string => this.seats[hands.findIndex((hand) => hand.includes(stone))];
    const dealt = hands.flat();
    const first = this.firstStone(dealt);
    if (first !== null) {
      if (this.name === "partnership") return [holder(first), `the holder of ${first}`];
      const kind = first.isDouble ? "the highest double in play" : "the heaviest stone, no double being in play";
      return [holder(first), `the holder of ${first} (${kind})`];
    }
    if (this.name === "lewicki") return [holder(Stone.of(0, 0)), "the holder of 00"];
    const doubles = dealt.filter((s) => s.isDouble).sort((a, b) => a.compare(b));
    if (doubles.length) return [holder(doubles[0]), `the holder of ${doubles[0]} (the lowest double in play)`];
    return [this.seats[0], "A (no double is in play)"];
  }
}

export const LEWICKI = Variant.of("lewicki", false);
