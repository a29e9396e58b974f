/** The board widget: ``import { Board } from "src/board"`` (entry point ``board`` of the build). */
import "./board.css";

export { Board } from "./board";
export type { BoardConfig, Movable } from "./config";
export { computeLayout, NARROW_BELOW } from "./layout";
export { parseMove, normaliseStone, stoneName } from "./notation";
export { PIP_LAYOUTS } from "./pips";
export { stoneIcon } from "./icon";
export { GRADE_SYMBOL } from "./pieces";
export type { BoardEvents, BoardEventName, BoardPositionJSON, BoardResultJSON, Grade, HandJSON, PositionJSON, ResultJSON, Seat, Side } from "./types";
export { SEATS } from "./types";
export { GRADES } from "../shared/vocabulary";
export { gradeLabel } from "../shared/format";
export { t, tn } from "../shared/i18n";
