/** The board widget: ``import { Board } from "src/board"`` (entry point ``board`` of the build). */
import "./board.css";

export { Board } from "./board";
export { computeLayout, NARROW_BELOW } from "./layout";
export { parseMove, normaliseStone, stoneName } from "./notation";
export { PIP_LAYOUTS } from "./pips";
export { GRADE_SYMBOL, gradeLabel } from "./render";
export type { BoardConfig, BoardEvents, BoardEventName, Grade, HandJSON, PositionJSON, ResultJSON, Side } from "./types";
export { GRADES } from "./types";
export { t, tn } from "../i18n";
