/**
 * The compiled search (solver/engine.c built to WebAssembly by ``make``, the
 * same C source as the Python extension solver._core) and the position as it
 * reads it: 14 slot bytes per seat, seats, rows, option, first stone, ends
 * and the seat to move (solver/engine.h; solver/analysis.py ``_core_args``).
 */
import type { Position } from "./position";
import type { Stone } from "./variant";

/** The WebAssembly module's exports (solver/engine.c, ``#ifdef __wasm__``). */
interface CoreExports {
  memory: WebAssembly.Memory;
  slots(): number;
  result(): number;
  analyse(seats: number, rows: number, doubles: number, first: number, left: number, right: number, side: number): number;
  forget(): void;
}

const NONE = 255;
const EMPTY_END = 10;
const MAX_MOVES = 14;
const MAX_PV = 128;
const ERRORS: Record<number, string> = { 1: "bad seats, layout, option, first stone, ends or side", 2: "bad slot", 3: "main line lost its value" };

/** What the core answers: every move as [slot, end, value] in legal order, the main line as [seat, slot, end] (seat -1: a pass). */
export interface CoreAnswer {
  value: number;
  moves: [number, number, number][];
  pv: [number, number, number][];
  nodes: number;
}

function stoneByte(stone: Stone | null): number {
  return stone === null ? NONE : (stone.low << 4) | stone.high;
}

export class Core {
  private constructor(private readonly core: CoreExports) {}

  /** The core from the bytes of solver.wasm (it imports nothing). */
  static async load(bytes: BufferSource): Promise<Core> {
    const { instance } = await WebAssembly.instantiate(bytes, {});
    return new Core(instance.exports as unknown as CoreExports);
  }

  /** Forget the transposition table (the next analysis starts cold). */
  forget(): void {
    this.core.forget();
  }

  /** The position's analysis by the core; the position has been validated (``Position.parse``). */
  analyse(position: Position): CoreAnswer {
    const core = this.core;
    const slots = new Uint8Array(core.memory.buffer, core.slots(), 14 * position.hands.length);
    position.hands.forEach((hand, p) => {
      for (let c = 0; c < 7; c++) {
        slots[p * 14 + c] = stoneByte(hand.front[c]);
        slots[p * 14 + 7 + c] = hand.isRows ? stoneByte(hand.back[c]) : NONE;
      }
    });
    const variant = position.variant;
    const ends = position.ends ?? [EMPTY_END, EMPTY_END];
    const err = core.analyse(
      variant.seats.length, variant.isRows ? 1 : 0, variant.doubles ? 1 : 0, stoneByte(position.firstStone()),
      ends[0], ends[1], position.seatIndex,
    );
    if (err) throw new Error(ERRORS[err] ?? `engine error ${err}`);
    // od_result: value, n_moves, moves[14][3], n_pv, pv[128][3] (int32), then the uint64 node count
    const base = core.result();
    const words = new Int32Array(core.memory.buffer, base, 3 + 3 * (MAX_MOVES + MAX_PV));
    const moves: [number, number, number][] = [];
    for (let i = 0; i < words[1]; i++) moves.push([words[2 + 3 * i], words[3 + 3 * i], words[4 + 3 * i]]);
    const pvAt = 2 + 3 * MAX_MOVES;
    const pv: [number, number, number][] = [];
    for (let i = 0; i < words[pvAt]; i++) pv.push([words[pvAt + 1 + 3 * i], words[pvAt + 2 + 3 * i], words[pvAt + 3 + 3 * i]]);
    const nodesAt = base + ((4 * (3 + 3 * (MAX_MOVES + MAX_PV)) + 7) & ~7);
    const nodes = Number(new DataView(core.memory.buffer).getBigUint64(nodesAt, true));
    return { value: words[0], moves, pv, nodes };
  }
}
