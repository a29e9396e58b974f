/**
 * Positions as solver/position.py defines them: reading a position string
 * (docs/rules.md sections 2.2 and 4.7) with the same checks and the same
 * error messages, writing it back normalised, the legal moves, playing a
 * move, the end of the deal and the board's JSON (``Position.to_json``).
 * The browser's solver (``analyse.ts``) and the offline analysis board use it.
 */
import { hasLetter, isAsciiDigits, pyRepr, pySplit } from "./py";
import { COLUMNS, DominoError, LEWICKI, Move, NAMES, PASS, Stone, Variant } from "./variant";

const PLAYED = "--";

/** One seat's stones: a front row covering a back row, or seven slots (``back`` empty); null is played. */
export class Hand {
  constructor(readonly front: (Stone | null)[], readonly back: (Stone | null)[]) {}

  get isRows(): boolean {
    return this.back.length > 0;
  }

  /** The stones that may be played, as [column, stone], left to right. */
  available(): [number, Stone][] {
    const out: [number, Stone][] = [];
    for (let col = 0; col < COLUMNS; col++) {
      const stone = this.isRows ? (this.front[col] ?? this.back[col]) : this.front[col];
      if (stone) out.push([col, stone]);
    }
    return out;
  }

  stones(): Stone[] {
    return [...this.front, ...this.back].filter((s): s is Stone => s !== null);
  }

  get count(): number {
    return this.stones().length;
  }

  get pips(): number {
    return this.stones().reduce((sum, s) => sum + s.pips, 0);
  }

  has(stone: Stone): boolean {
    return this.front.includes(stone) || this.back.includes(stone);
  }

  without(stone: Stone): Hand {
    const col = this.front.indexOf(stone);
    if (col >= 0) return new Hand(this.front.map((s, i) => (i === col ? null : s)), this.back);
    const back = this.back.indexOf(stone);
    return new Hand(this.front, this.back.map((s, i) => (i === back ? null : s)));
  }

  notation(): string {
    const row = (stones: (Stone | null)[]) => stones.map((s) => (s === null ? PLAYED : String(s))).join(".");
    return this.isRows ? `${row(this.front)}/${row(this.back)}` : row(this.front);
  }
}

export interface Result {
  winner: string | null;
  points: number;
  reason: "domino" | "blocked";
}

export function resultText(result: Result): string {
  return result.winner === null ? `draw (${result.reason})` : `${result.winner} wins ${result.points} (${result.reason})`;
}

function or(items: string[]): string {
  const quoted = items.map(pyRepr);
  return quoted.length <= 2 ? quoted.join(" or ") : quoted.slice(0, -1).join(", ") + " or " + quoted[quoted.length - 1];
}

export class Position {
  private legal: Move[] | null = null;

  constructor(
    readonly hands: Hand[],
    readonly ends: [number, number] | null,
    readonly side: string,
    readonly variant: Variant = LEWICKI,
    readonly out: Stone[] = [],
  ) {}

  /** ``Position.parse``: throws a ``DominoError`` with the Python message. */
  static parse(text: string): Position {
    let fields = pySplit(text);
    let variant = LEWICKI;
    let named = false;
    if (fields.length && namesVariant(fields[0], fields.length)) {
      try {
        variant = Variant.parse(fields[0]);
      } catch (error) {
        throw new DominoError(`${(error as Error).message}, in ${pyRepr(text)}`);
      }
      fields = fields.slice(1);
      named = true;
    }
    if (fields.length !== variant.fieldCount) throw new DominoError(fieldsMessage(variant, named, fields.length, text));
    const seats = variant.seats;
    const hands = seats.map((seat, i) => (variant.isRows ? parseHand : parseSlots)(fields[i], seat, text, variant));
    const out = variant.outCount ? parseOut(fields[seats.length], text, variant) : [];
    const ends = parseEnds(fields[fields.length - 2], text, variant.highest);
    const last = fields[fields.length - 1];
    const side = last.toUpperCase();
    if (!seats.includes(side)) throw new DominoError(`the side to move is ${or(seats)}, not ${pyRepr(last)} in ${pyRepr(text)}`);
    const position = new Position(hands, ends, side, variant, out);
    position.validate(text);
    return position;
  }

  toString(): string {
    const parts = this.variant.isDefault ? [] : [String(this.variant)];
    parts.push(...this.hands.map((h) => h.notation()));
    if (this.variant.outCount) parts.push(this.out.map(String).join("."));
    parts.push(this.ends === null ? "-" : `${this.ends[0]}${this.ends[1]}`);
    parts.push(this.side);
    return parts.join(" ");
  }

  private validate(text: string): void {
    const variant = this.variant;
    const q = pyRepr(text);
    const seen = new Map<Stone, string>();
    variant.seats.forEach((seat, i) => {
      const hand = this.hands[i];
      for (let col = 0; col < COLUMNS; col++) {
        const entries: [string, Stone | null][] = hand.isRows
          ? [[`${seat} front column ${col}`, hand.front[col]], [`${seat} back column ${col}`, hand.back[col]]]
          : [[`${seat} slot ${col}`, hand.front[col]]];
        for (const [here, stone] of entries) {
          if (stone === null) continue;
          if (seen.has(stone)) throw new DominoError(`stone ${stone} appears twice (${seen.get(stone)} and ${here}) in ${q}`);
          seen.set(stone, here);
        }
        if (hand.isRows && hand.front[col] !== null && hand.back[col] === null) {
          throw new DominoError(
            `${seat}'s back stone in column ${col} is marked played while its front stone ${hand.front[col]} is still there, in ${q}`,
          );
        }
      }
    });
    for (const stone of this.out) {
      const where = seen.get(stone);
      if (where === "out") throw new DominoError(`stone ${stone} appears twice among the out stones in ${q}`);
      if (where !== undefined) throw new DominoError(`stone ${stone} appears twice: it is both in a hand (${where}) and out, in ${q}`);
      seen.set(stone, "out");
    }
    const played = variant.stones.filter((s) => !seen.has(s));
    if (this.ends === null) {
      if (played.length) {
        throw new DominoError(
          `the table is empty ('-') but ${played.length} stone(s) are marked played (${played.join(" ")}) in ${q}`,
        );
      }
      const [opener, why] = variant.opener(this.hands.map((h) => h.stones()));
      if (opener !== this.side) {
        if (variant.isDefault) {
          throw new DominoError(`the table is empty, so the holder of 00 moves first, and ${this.side} does not hold it, in ${q}`);
        }
        throw new DominoError(`the table is empty, so ${why} moves first: that is ${opener}, and ${this.side} is not the opener, in ${q}`);
      }
      return;
    }
    const [left, right] = this.ends;
    if (!played.length) throw new DominoError(`the ends are ${left}${right} but no stone is marked played in ${q}`);
    const empty = variant.seats.filter((_, i) => this.hands[i].count === 0);
    if (empty.length > 1) {
      throw new DominoError(`${empty.join(" and ")} have no stones left, but the deal ends as soon as one seat goes out, in ${q}`);
    }
    if (empty.length && empty[0] === this.side) {
      throw new DominoError(
        `${this.side} has no stones left, so the deal is already over and ${this.side} cannot be the side to move, in ${q}`,
      );
    }
    if (empty.length && variant.nextSeat(empty[0]) !== this.side) {
      throw new DominoError(
        `${empty[0]} has no stones left, so the deal ended when ${empty[0]} went out and the seat to move is the one after it, ` +
          `${variant.nextSeat(empty[0])}, not ${this.side}, in ${q}`,
      );
    }
    if (!formsLine(played, left, right, variant.highest)) {
      throw new DominoError(
        `the played stones (${played.join(" ")}) cannot form one line with left end ${left} and right end ${right}, in ${q}`,
      );
    }
    const first = variant.firstStone(variant.stones.filter((s) => !this.out.includes(s)));
    if (first !== null && !played.includes(first)) {
      const holder = variant.seats[this.hands.findIndex((h) => h.has(first))];
      throw new DominoError(
        `the table is not empty, so the deal was opened with ${first} (the ${variant.name} game's first stone), ` +
          `but ${first} is still in ${holder}'s hand, in ${q}`,
      );
    }
  }

  // ------------------------------------------------------------------ rules
  get seatIndex(): number {
    return this.variant.seats.indexOf(this.side);
  }

  get hand(): Hand {
    return this.hands[this.seatIndex];
  }

  teamPips(team: number): number {
    return this.hands.filter((_, i) => i % 2 === team).reduce((sum, h) => sum + h.pips, 0);
  }

  playedStones(): Stone[] {
    const listed = new Set<Stone>(this.out);
    for (const hand of this.hands) for (const s of hand.stones()) listed.add(s);
    return this.variant.stones.filter((s) => !listed.has(s));
  }

  firstStone(): Stone | null {
    if (!this.variant.forcesFirstStone) return null;
    return this.variant.firstStone(this.variant.stones.filter((s) => !this.out.includes(s)));
  }

  private placements(hand: Hand): Move[] {
    if (this.ends === null) {
      const first = this.firstStone();
      return hand.available().filter(([, s]) => first === null || s === first).map(([, s]) => new Move(s));
    }
    const [left, right] = this.ends;
    const moves: Move[] = [];
    for (const [, stone] of hand.available()) {
      if (stone.has(left)) moves.push(new Move(stone, "L"));
      if (left !== right && stone.has(right)) moves.push(new Move(stone, "R"));
    }
    return moves;
  }

  private static fits(hand: Hand, ends: [number, number]): boolean {
    return hand.available().some(([, s]) => s.has(ends[0]) || s.has(ends[1]));
  }

  isDomino(): boolean {
    return this.hands.some((h) => h.count === 0);
  }

  isBlocked(): boolean {
    const ends = this.ends;
    if (this.isDomino() || ends === null) return false;
    return !this.hands.some((h) => Position.fits(h, ends));
  }

  isOver(): boolean {
    return this.isDomino() || this.isBlocked();
  }

  /** The legal moves in column order (L before R); [PASS] when forced; [] once the deal is over. */
  legalMoves(): Move[] {
    if (this.legal === null) {
      const ends = this.ends;
      if (this.isDomino()) this.legal = [];
      else {
        const moves = this.placements(this.hand);
        if (moves.length) this.legal = moves;
        else this.legal = ends !== null && this.hands.some((h) => Position.fits(h, ends)) ? [PASS] : [];
      }
    }
    return this.legal;
  }

  result(): Result | null {
    const variant = this.variant;
    const out = this.hands.findIndex((h) => h.count === 0);
    if (out >= 0) {
      const team = out % 2;
      return { winner: variant.teamName(team), points: this.teamPips(1 - team), reason: "domino" };
    }
    if (!this.isBlocked()) return null;
    const mine = this.teamPips(0);
    const theirs = this.teamPips(1);
    if (mine < theirs) return { winner: variant.teamName(0), points: theirs, reason: "blocked" };
    if (theirs < mine) return { winner: variant.teamName(1), points: mine, reason: "blocked" };
    return { winner: null, points: 0, reason: "blocked" };
  }

  /** The value of a finished deal for the side to move's team (null while it goes on). */
  finalValue(): number | null {
    const result = this.result();
    if (result === null) return null;
    if (result.winner === null) return 0;
    return result.winner === this.variant.teamName(this.variant.teamOf(this.side)) ? result.points : -result.points;
  }

  /** ``normalise_move``: the move as it stands among the legal moves (throws the Python message). */
  normaliseMove(text: string): Move {
    const move = Move.parse(text, this.variant.highest);
    const legal = this.legalMoves();
    const found = legal.find((m) => m.equals(move));
    if (found) return found;
    if (!legal.length) {
      throw new DominoError(`the deal is over (${resultText(this.result()!)}): no move is legal, not ${pyRepr(String(move))}`);
    }
    if (this.ends !== null && move.end === "R" && this.ends[0] === this.ends[1]) {
      const same = legal.find((m) => m.stone === move.stone && m.end === "L");
      if (same) return same;
    }
    throw new DominoError(`${pyRepr(String(move))} is not legal here: ${this.whyIllegal(move, legal)}`);
  }

  private whyIllegal(move: Move, legal: Move[]): string {
    if (legal.length === 1 && legal[0].isPass) return `${this.side} has no stone that fits, so the only move is 'pass'`;
    if (move.stone === null) return `${this.side} has a stone that fits, and passing is never voluntary`;
    const stone = move.stone;
    if (!this.variant.stones.includes(stone)) return `${stone} is not a stone of the ${this.variant.setName} set`;
    if (!this.hand.has(stone)) {
      let owner: string;
      const seats = this.variant.seats;
      if (this.out.includes(stone)) owner = "nobody: it is out of play";
      else if (seats.length === 2 && this.hands[(this.seatIndex + 1) % 2].has(stone)) owner = "the other player";
      else {
        const holders = seats.filter((_, i) => this.hands[i].has(stone));
        owner = holders.length ? holders[0] : "nobody (it is on the table)";
      }
      return `${stone} is not ${this.side}'s stone; it belongs to ${owner}`;
    }
    if (!this.hand.available().some(([, s]) => s === stone)) return `${stone} is in ${this.side}'s back row, still covered by its front stone`;
    if (this.ends === null) {
      const first = this.firstStone();
      if (first !== null && stone !== first) return `the ${this.variant.name} game opens with ${first}, so the first move is '${first}'`;
      return `the opening move is the bare stone, '${stone}'`;
    }
    if (move.end === null) return `say which end the stone goes to, e.g. '${stone}L' or '${stone}R'`;
    const endValue = move.end === "L" ? this.ends[0] : this.ends[1];
    return `${stone} does not fit the ${move.end === "L" ? "left" : "right"} end, which shows ${endValue}`;
  }

  /** The position after ``move``, one of ``legalMoves()`` (with +doubles a double moves again when a stone fits). */
  play(move: Move): Position {
    const variant = this.variant;
    let after = variant.nextSeat(this.side);
    const stone = move.stone;
    if (stone === null) return new Position(this.hands, this.ends, after, variant, this.out);
    let ends: [number, number];
    if (this.ends === null) ends = [stone.low, stone.high];
    else if (move.end === "L") ends = [stone.other(this.ends[0]), this.ends[1]];
    else ends = [this.ends[0], stone.other(this.ends[1])];
    const hands = [...this.hands];
    const me = this.seatIndex;
    hands[me] = hands[me].without(stone);
    if (variant.doubles && stone.isDouble && hands[me].count && Position.fits(hands[me], ends)) after = this.side;
    return new Position(hands, ends, after, variant, this.out);
  }

  /** The position after ``move`` written in notation (checked). */
  push(move: string): Position {
    return this.play(this.normaliseMove(move));
  }
}

/** Is this first field meant as a variant's name (``names_variant``)? */
function namesVariant(field: string, fields: number): boolean {
  if (field.includes(".") || field.includes("/") || !hasLetter(field)) return false;
  return NAMES.includes(field.toLowerCase().split("+")[0]) || field.includes("+") || fields > LEWICKI.fieldCount;
}

function fieldsMessage(variant: Variant, named: boolean, found: number, text: string): string {
  if (variant.isDefault && !named) {
    return `a position has 4 fields '<A front>/<A back> <B front>/<B back> <ends> <side>', found ${found} in ${pyRepr(text)}`;
  }
  const shape = variant.seats.map((seat) => (variant.isRows ? `<${seat} front>/<${seat} back>` : `<${seat} hand>`));
  if (variant.outCount) shape.push("<out>");
  shape.push("<ends>", "<side>");
  return `a ${variant} position has ${variant.fieldCount} fields after its name '${shape.join(" ")}', found ${found} in ${pyRepr(text)}`;
}

function entryStone(entry: string, where: string, text: string, variant: Variant): Stone {
  try {
    return Stone.parse(entry, variant.highest);
  } catch {
    throw new DominoError(
      `${where} has ${pyRepr(entry)}, which is neither a stone of the ${variant.setName} set ` +
        `(two digits 0..${variant.highest}) nor '--', in ${pyRepr(text)}`,
    );
  }
}

function parseHand(field: string, side: string, text: string, variant: Variant): Hand {
  const rows = field.split("/");
  if (rows.length !== 2) {
    throw new DominoError(`${side}'s stones are written '<front>/<back>' (one '/'), not ${pyRepr(field)} in ${pyRepr(text)}`);
  }
  const parsed = ["front", "back"].map((name, i) => {
    const entries = rows[i].split(".");
    if (entries.length !== COLUMNS) {
      throw new DominoError(`${side}'s ${name} row has ${entries.length} entries, not 7, in ${pyRepr(field)} of ${pyRepr(text)}`);
    }
    return entries.map((e) => (e === PLAYED ? null : entryStone(e, `${side}'s ${name} row`, text, variant)));
  });
  return new Hand(parsed[0], parsed[1]);
}

function parseSlots(field: string, side: string, text: string, variant: Variant): Hand {
  if (field.includes("/")) {
    throw new DominoError(
      `in ${variant.name} a hand has no rows: ${side}'s stones are 7 slots joined by '.', not ${pyRepr(field)} in ${pyRepr(text)}`,
    );
  }
  const entries = field.split(".");
  if (entries.length !== COLUMNS) {
    throw new DominoError(`${side}'s hand has ${entries.length} slots, not 7, in ${pyRepr(field)} of ${pyRepr(text)}`);
  }
  return new Hand(entries.map((e) => (e === PLAYED ? null : entryStone(e, `${side}'s hand`, text, variant))), []);
}

function parseOut(field: string, text: string, variant: Variant): Stone[] {
  const entries = field.split(".");
  if (entries.length !== variant.outCount) {
    throw new DominoError(
      `a ${variant.name} deal leaves ${variant.outCount} stones out, but ${entries.length} are listed in ${pyRepr(field)} of ${pyRepr(text)}`,
    );
  }
  const stones = entries.map((entry) => {
    try {
      return Stone.parse(entry, variant.highest);
    } catch {
      throw new DominoError(
        `the out stones have ${pyRepr(entry)}, which is not a stone of the ${variant.setName} set ` +
          `(two digits 0..${variant.highest}), in ${pyRepr(text)}`,
      );
    }
  });
  const seen = new Set<Stone>();
  for (const stone of stones) {
    if (seen.has(stone)) throw new DominoError(`stone ${stone} appears twice among the out stones in ${pyRepr(text)}`);
    seen.add(stone);
  }
  return stones.sort((a, b) => a.compare(b));
}

function parseEnds(field: string, text: string, highest: number): [number, number] | null {
  if (field === "-") return null;
  if (field.length !== 2 || !isAsciiDigits(field) || Number(field[0]) > highest || Number(field[1]) > highest) {
    throw new DominoError(`the ends are '-' (empty table) or two digits 0..${highest} (left, right), not ${pyRepr(field)} in ${pyRepr(text)}`);
  }
  return [Number(field[0]), Number(field[1])];
}

/** Can ``stones`` be laid as one line whose ends show ``left`` and ``right`` (an Euler trail)? */
function formsLine(stones: Stone[], left: number, right: number, highest: number): boolean {
  const degree = new Array<number>(highest + 1).fill(0);
  const parent = Array.from({ length: highest + 1 }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (const s of stones) {
    degree[s.low]++;
    degree[s.high]++;
    parent[find(s.low)] = find(s.high);
  }
  const odd = degree.map((d, n) => (d % 2 ? n : -1)).filter((n) => n >= 0);
  if (left === right) {
    if (odd.length || degree[left] === 0) return false;
  } else if (odd.length !== 2 || !odd.includes(left) || !odd.includes(right)) return false;
  const root = find(left);
  return stones.every((s) => find(s.low) === root);
}
